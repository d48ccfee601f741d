/**
 * The notebook editor (types 11-15) computes each change of its options from the newest draft, never from the
 * draft of the render its handler came from: two presses before the page renders again both count.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { serve } from '@/testing/serve';
import { testAdmin } from '@/testing/users';

describe('notebook editor options', () => {
  it('keeps both of two quick "Add answer" presses', async () => {
    // Prepare: a new type 15 quiz (one option)
    serve({}, { as: testAdmin });
    await renderApp('/task_edit/1/1/15/1/2/0');
    const add = await screen.findByTestId('add-answer');
    expect(screen.queryByTestId('answer-1-1')).toBeNull();

    // Act: two presses handled before the editor renders again
    await act(async () => {
      fireEvent.click(add);
      fireEvent.click(add);
    });

    // Assess
    expect(screen.getByTestId('answer-1-1')).toBeTruthy();
    expect(screen.getByTestId('answer-1-2')).toBeTruthy();
  });
});
