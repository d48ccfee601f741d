/** A screen whose code is still loading: the page being left stays, with a named progress bar (issue 20 item 22). */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { NavigationProgress } from './root';

describe('navigation progress', () => {
  it('shows a labelled progress bar while a lazy screen loads, and none before or after', async () => {
    await initI18n('en');
    await switchLanguage('en');
    let finish: (screen: { Component: () => ReactNode }) => void = () => undefined;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <NavigationProgress />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <Link to="/later">Go</Link> },
            { path: 'later', lazy: () => new Promise((resolve) => (finish = resolve)) },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => screen.getByRole('link', { name: 'Go' }).click());
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go' })).toBeTruthy(); // the page being left stays

    await act(async () => finish({ Component: () => <p>Later screen</p> }));
    expect(await screen.findByText('Later screen')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
