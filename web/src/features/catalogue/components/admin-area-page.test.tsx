import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { serve } from '@/testing/serve';
import { testAdmin } from '@/testing/users';

const picker = { list: [{ category_id: 4, title: 'Programming' }] };

describe('bilingual area form', () => {
  it('shows its errors on the fields and sends nothing until they are fixed', async () => {
    // Prepare
    const api = serve({ getCategories3: () => picker, getAreas: () => ({ category: { id: 4, name: 'Programming', color: '#1565C0' }, areas: [] }) }, { as: testAdmin });
    await renderApp('/admin_area/4/0');
    // Act: save without a name
    fireEvent.click(await screen.findByTestId('save-and-close'));
    // Assess: both name fields say why, and nothing was sent
    expect(await screen.findAllByText('A name is required in at least one language.')).toHaveLength(2);
    expect(screen.getByTestId('name-1').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('createEditArea')).toHaveLength(0);
  });

  it('sends the registry body with the names of the shown languages, the colour and the category', async () => {
    // Prepare
    const api = serve(
      {
        getCategories3: () => picker,
        createEditArea: ({ body }) => ({ message: 'OK', id: Number(body.area_id) || 12 }),
        getAreas: () => ({ category: { id: 4, name: 'Programming', color: '#1565C0' }, areas: [] }),
      },
      { as: testAdmin },
    );
    const { router } = await renderApp('/admin_area/4/0');
    // Act
    fireEvent.change(await screen.findByTestId('name-1'), { target: { value: 'Robots' } });
    fireEvent.change(screen.getByTestId('name-2'), { target: { value: 'Roboty' } });
    fireEvent.click(screen.getByTestId('save-and-close'));
    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/areas/4'));
    expect(api.bodyOf('createEditArea')).toEqual({
      area_id: 0,
      category_id: 4,
      color: '#8E00FF',
      icon: '',
      icon2: '',
      content_list: [
        { lang_id: 1, content: 'Robots' },
        { lang_id: 2, content: 'Roboty' },
      ],
    });
  });
});
