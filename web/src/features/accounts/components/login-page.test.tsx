import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { reply, serve } from '@/testing/serve';
import { testStudent } from '@/testing/users';
import { tokenReply } from '../test-data';

/** The test student with a dark theme and a score of their own, to see both applied after login. */
const student = {
  ...testStudent,
  theme_id: 2,
  theme_value: 'dark',
  performance: { ...testStudent.performance, xp: 1500, coins: 12 },
};

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  it('shows labelled e-mail and password fields, the Login button, the reset link and 4 of 8 illustrations', async () => {
    // Prepare
    serve({}, { as: null });

    // Act
    const { container } = await renderApp('/login');

    // Assess
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
    // Prepare
    serve({ oauthToken: () => reply(401, { message: 'Invalid credentials' }) }, { as: null });
    await renderApp('/login');
    await screen.findByLabelText(/E-mail/);

    // Act
    fillAndSubmit('student@example.com', 'wrong');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toContain('Access denied.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Invalid autentification. Try again.' when the user cannot be fetched", async () => {
    // Prepare
    serve({ oauthToken: () => tokenReply, getFullUserParameters: () => reply(500, { message: 'boom' }) }, { as: null });
    await renderApp('/login');
    await screen.findByLabelText(/E-mail/);

    // Act
    fillAndSubmit('student@example.com', 'student-demo');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toContain('Invalid autentification. Try again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs in, stores the session and goes to the saved redirect once', async () => {
    // Prepare
    const api = serve({ oauthToken: () => tokenReply, getFullUserParameters: () => student, getMyQuestionaires: () => ({ list: [] }) }, { as: null });
    const { router } = await renderApp('/myquestionnaires?page=2');

    // The guard sent the visitor to login and kept the wanted path.
    await screen.findByLabelText(/E-mail/);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirect')).toBe('/myquestionnaires?page=2');

    // Act
    fillAndSubmit('student@example.com', 'student-demo');

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/myquestionnaires'));
    expect(router.state.location.search).toBe('?page=2');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('role')).toBe('1');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('redirect')).toBeNull();
    expect(document.body.dataset.theme).toBe('dark');
    expect(screen.getByTestId('xp-chip').textContent).toContain('1,500');
    expect(screen.getByTestId('coins-chip').textContent).toContain('12');

    expect(api.bodyOf('oauthToken')).toMatchObject({
      grant_type: 'password',
      client_id: 2,
      username: 'student@example.com',
      email: 'student@example.com',
      password: 'student-demo',
    });
    expect(api.callsOf('getFullUserParameters')[0]?.headers.authorization).toBe('Bearer jwt-1');

    // The student's side menu has the user entries and no admin ones.
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByTestId('menu-profile')).toBeTruthy();
    expect(within(menu).getByTestId('menu-logout')).toBeTruthy();
    expect(within(menu).queryByTestId('menu-que_list')).toBeNull();
  });
});
