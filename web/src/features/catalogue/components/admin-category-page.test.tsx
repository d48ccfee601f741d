import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serve } from '@/testing/serve';
import { testAdmin } from '@/testing/users';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const categories = { list: [] };

describe('bilingual category form', () => {
  it('creates a category with the English and the secondary name and the default colour, then returns to the list', async () => {
    // Prepare
    const api = serve(
      {
        createEditCategory: () => ({ message: 'OK', id: 9 }),
        getCategories2: () => categories,
      },
      { as: testAdmin },
    );
    const { router } = await renderApp('/admin_category/0');
    const primary = await screen.findByTestId('primary-panel');
    const secondary = screen.getByTestId('secondary-panel');
    expect(within(primary).getByRole('heading').textContent).toBe('Primary language: English');

    // Act + Assess: the UI is English, so the secondary language defaults to Slovak; English is not offered.
    fireEvent.mouseDown(within(secondary).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('English');
    expect(options).toHaveLength(7);
    fireEvent.click(screen.getByRole('option', { name: 'Slovenčina' }));

    // Act + Assess: saving without a name sends nothing
    fireEvent.click(screen.getByTestId('save-and-close'));
    expect(await screen.findAllByText('A name is required in at least one language.')).toHaveLength(2);
    expect(api.callsOf('createEditCategory')).toHaveLength(0);

    // Act: both names, then save
    fireEvent.change(screen.getByTestId('name-1'), { target: { value: 'Robotics' } });
    fireEvent.change(screen.getByTestId('name-2'), { target: { value: 'Robotika' } });
    fireEvent.click(screen.getByTestId('save-and-close'));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(api.bodyOf('createEditCategory')).toEqual({
      category_id: 0,
      color: '#8E00FF',
      content_list: [
        { lang_id: 1, content: 'Robotics' },
        { lang_id: 2, content: 'Robotika' },
      ],
    });
  });

  it('edits an existing category in both panels', async () => {
    // Prepare
    const api = serve(
      {
        getCategoryInAllLang: () => ({
          list: [
            { lang_id: 1, content: 'Programming' },
            { lang_id: 2, content: 'Programovanie' },
          ],
          color: '#1565C0',
          category_order: 1,
        }),
        createEditCategory: () => ({ message: 'OK', id: 3 }),
        getCategories2: () => categories,
      },
      { as: testAdmin },
    );
    await renderApp('/admin_category/3');
    expect(((await screen.findByTestId('name-2')) as HTMLInputElement).value).toBe('Programovanie');

    // Act
    fireEvent.change(screen.getByTestId('name-1'), { target: { value: 'Coding' } });
    fireEvent.click(screen.getByTestId('save-and-close'));

    // Assess
    await waitFor(() =>
      expect(api.bodyOf('createEditCategory')).toEqual({
        category_id: 3,
        category_order: 1,
        color: '#1565C0',
        content_list: [
          { lang_id: 1, content: 'Coding' },
          { lang_id: 2, content: 'Programovanie' },
        ],
      }),
    );
  });
});
