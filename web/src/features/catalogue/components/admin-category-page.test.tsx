import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get, post } from 'aws-amplify/api';
import { loggedInAs, ok, testAdmin } from '@/testing/logged-in';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.mocked(get).mockReset();
  vi.mocked(post).mockReset();
});

const categories = { list: [] };

describe('bilingual category form', () => {
  it('creates a category with the English and the secondary name and the default colour, then returns to the list', async () => {
    const transport = loggedInAs(testAdmin, {
      '/create-edit-category-all-lang': () => ok({ message: 'OK', id: 9 }),
      '/get-categories2': () => ok(categories),
    });
    const { router } = await renderApp('/admin_category/0');
    const primary = await screen.findByTestId('primary-panel');
    const secondary = screen.getByTestId('secondary-panel');
    expect(within(primary).getByRole('heading').textContent).toBe('Primary language: English');
    // The UI is English, so the secondary language defaults to Slovak; English is not offered.
    fireEvent.mouseDown(within(secondary).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('English');
    expect(options).toHaveLength(7);
    fireEvent.click(screen.getByRole('option', { name: 'Slovenčina' }));

    fireEvent.click(screen.getByTestId('save-and-close'));
    expect(await screen.findAllByText('A name is required in at least one language.')).toHaveLength(2);
    expect(transport.calls.some((c) => c.path === '/create-edit-category-all-lang')).toBe(false);

    fireEvent.change(screen.getByTestId('name-1'), { target: { value: 'Robotics' } });
    fireEvent.change(screen.getByTestId('name-2'), { target: { value: 'Robotika' } });
    fireEvent.click(screen.getByTestId('save-and-close'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(transport.calls.find((c) => c.path === '/create-edit-category-all-lang')?.options?.body).toEqual({
      category_id: 0,
      color: '#8E00FF',
      content_list: [
        { lang_id: 1, content: 'Robotics' },
        { lang_id: 2, content: 'Robotika' },
      ],
    });
  });

  it('edits an existing category in both panels', async () => {
    const transport = loggedInAs(testAdmin, {
      '/get-category-in-all-lang/3': () =>
        ok({
          list: [
            { lang_id: 1, content: 'Programming' },
            { lang_id: 2, content: 'Programovanie' },
          ],
          color: '#1565C0',
          category_order: 1,
        }),
      '/create-edit-category-all-lang': () => ok({ message: 'OK', id: 3 }),
      '/get-categories2': () => ok(categories),
    });
    await renderApp('/admin_category/3');
    expect(((await screen.findByTestId('name-2')) as HTMLInputElement).value).toBe('Programovanie');
    fireEvent.change(screen.getByTestId('name-1'), { target: { value: 'Coding' } });
    fireEvent.click(screen.getByTestId('save-and-close'));
    await waitFor(() =>
      expect(transport.calls.find((c) => c.path === '/create-edit-category-all-lang')?.options?.body).toEqual({
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
