import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get, post } from 'aws-amplify/api';
import { wsClient } from '@/lib/ws-client';
import { fakeTransport, type Handler } from '@/testing/fake-transport';
import { renderApp } from '@/testing/render-app';

const student = {
  user_id: 7,
  role_id: 1,
  lang_id: 1,
  theme_id: 2,
  theme_value: 'dark',
  name: 'Ada',
  surname: 'Lovelace',
  nickname: 'ada',
  email: 'student@example.com',
  performance: { xp: 1500, coins: 12, level: 2, badges: [] },
};

const token = { token_type: 'Bearer', expires_in: 3600, access_token: 'jwt-1', refresh_token: 'r-1' };

function serve(handlers: Record<string, Handler>) {
  const transport = fakeTransport(handlers);
  vi.mocked(get).mockImplementation(transport.impl as unknown as typeof get);
  vi.mocked(post).mockImplementation(transport.impl as unknown as typeof post);
  return transport;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  vi.spyOn(wsClient, 'connect').mockImplementation(() => {});
  vi.spyOn(wsClient, 'close').mockImplementation(() => {});
  vi.mocked(get).mockReset();
  vi.mocked(post).mockReset();
});

describe('Login page', () => {
  it('shows labelled e-mail and password fields, the Login button, the reset link and 4 of 8 illustrations', async () => {
    serve({});
    const { container } = await renderApp('/login');

    const email = await screen.findByLabelText(/E-mail/);
    expect(email).toHaveProperty('name', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveProperty('name', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('type', 'submit');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/pwdchange');

    const pictures = screen.getAllByTestId('login-illustration');
    expect(pictures).toHaveLength(4);
    expect(new Set(pictures.map((p) => p.getAttribute('data-illustration'))).size).toBe(4);

    // Shell landmarks for logged-out visitors.
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('main#main-content')).not.toBeNull();
    expect(container.querySelector('footer')).not.toBeNull();
    expect(screen.getByTestId('version-chip').textContent).toBe('v. 2.811 (2025-10-19)');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Lectio - Login'));
  });

  it("shows 'Access denied.' when the token request fails", async () => {
    serve({ '/oauth/token': () => ({ status: 401, body: { message: 'Invalid credentials' } }) });
    await renderApp('/login');
    await screen.findByLabelText(/E-mail/);

    fillAndSubmit('student@example.com', 'wrong');

    expect((await screen.findByTestId('feedback-alert')).textContent).toContain('Access denied.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Invalid autentification. Try again.' when the user cannot be fetched", async () => {
    serve({
      '/oauth/token': () => ({ status: 200, body: token }),
      '/get-full-user-parameters': () => ({ status: 500, body: { message: 'boom' } }),
    });
    await renderApp('/login');
    await screen.findByLabelText(/E-mail/);

    fillAndSubmit('student@example.com', 'student-demo');

    expect((await screen.findByTestId('feedback-alert')).textContent).toContain(
      'Invalid autentification. Try again.',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs in, stores the session and goes to the saved redirect once', async () => {
    const transport = serve({
      '/oauth/token': () => ({ status: 200, body: token }),
      '/get-full-user-parameters': () => ({ status: 200, body: student }),
    });
    const { router } = await renderApp('/myquestionnaires?page=2');

    // The guard sent the visitor to login and kept the wanted path.
    await screen.findByLabelText(/E-mail/);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirect')).toBe('/myquestionnaires?page=2');

    fillAndSubmit('student@example.com', 'student-demo');

    await screen.findByTestId('not-built');
    expect(router.state.location.pathname).toBe('/myquestionnaires');
    expect(router.state.location.search).toBe('?page=2');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('role')).toBe('1');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('redirect')).toBeNull();
    expect(document.body.dataset.theme).toBe('dark');
    expect(screen.getByTestId('xp-chip').textContent).toContain('1,500');
    expect(screen.getByTestId('coins-chip').textContent).toContain('12');

    const tokenCall = transport.calls.find((c) => c.path === '/oauth/token');
    expect(tokenCall?.options?.body).toMatchObject({
      grant_type: 'password',
      client_id: 2,
      username: 'student@example.com',
      email: 'student@example.com',
      password: 'student-demo',
    });
    const userCall = transport.calls.find((c) => c.path === '/get-full-user-parameters');
    expect(userCall?.options?.headers?.authorization).toBe('Bearer jwt-1');

    // The student's side menu has the user entries and no admin ones.
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByTestId('menu-profile')).toBeTruthy();
    expect(within(menu).getByTestId('menu-logout')).toBeTruthy();
    expect(within(menu).queryByTestId('menu-que_list')).toBeNull();
  });
});
