/**
 * Monaco's code cannot be fetched (offline, or a deploy replaced the chunk): the editor keeps its plain view
 * with a notice instead of taking the page down, and the next press fetches the code again.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderInProviders } from '@/testing/render-app';
import { serve } from '@/testing/serve';

const fetches = vi.fn();
vi.mock('./monaco-editor', () => {
  fetches();
  if (fetches.mock.calls.length === 1) throw new Error('Failed to fetch dynamically imported module');
  return { default: ({ value }: { value: string }) => <textarea aria-label="monaco" defaultValue={value} /> };
});

const { CodeEditor } = await import('./code-editor');

describe('CodeEditor without its code', () => {
  it('keeps the plain code and says so when Monaco cannot be fetched; the next press fetches it again', async () => {
    // Prepare
    serve({}, { as: null });
    await renderInProviders(<CodeEditor fileName="main.py" value="print(1)" label="Your program" testId="code" />);
    const plain = screen.getByRole('textbox', { name: /^Your program/ });

    // Act: the first press, while the code cannot be fetched
    await act(async () => {
      fireEvent.pointerDown(plain);
    });

    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('The code editor could not be loaded.');
    expect(screen.getByRole('textbox', { name: /^Your program/ }).textContent).toBe('1print(1)');
    expect(plain.getAttribute('aria-busy')).toBeNull();
    expect(fetches).toHaveBeenCalledTimes(1);

    // Act: the next press, back online
    await act(async () => {
      fireEvent.pointerDown(plain);
    });

    // Assess
    await screen.findByRole('textbox', { name: 'monaco' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetches).toHaveBeenCalledTimes(2);
  });
});
