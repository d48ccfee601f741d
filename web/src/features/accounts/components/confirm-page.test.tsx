import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { reply, serve } from '@/testing/serve';
import { testStudent } from '@/testing/users';

const confirmed = () => ({ message: 'OK' as const, token: 'confirmed-jwt', description: 'Registration confirmed.' });

// Each test renders the whole app; the default 5 s is too tight on a loaded machine.
describe('Confirmation page', { timeout: 20_000 }, () => {
  it('confirms once, finishes the registration with the returned token and opens the dashboard logged in', async () => {
    // Prepare
    const api = serve(
      {
        confirm: confirmed,
        finishreg: ({ headers }) =>
          headers.authorization === 'Bearer confirmed-jwt'
            ? { message: 'OK', description: 'Registration finished.' }
            : reply(400, { message: 'Registration cannot be finished.' }),
        getFullUserParameters: () => testStudent,
      },
      { as: null },
    );

    // Act
    const { router } = await renderApp('/confirm/ada%40example.com/t0ken');

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsOf('confirm')).toHaveLength(1);
    expect(api.bodyOf('confirm')).toEqual({ mail: 'ada@example.com', token: 't0ken' });
    expect(api.bodyOf('finishreg')).toEqual({ email: 'ada@example.com' });
    expect(localStorage.getItem('token')).toBe('confirmed-jwt');
    expect(localStorage.getItem('user_id')).toBe('7');
  });

  it("prefixes a failed confirmation with 'confirm:' and offers the login", async () => {
    // Prepare
    serve(
      {
        confirm: () =>
          reply(400, {
            message: 'Invalid or expired confirmation link.',
            description: 'The confirmation link is invalid, used or expired. Register again or log in.',
          }),
      },
      { as: null },
    );

    // Act
    await renderApp('/confirm/ada%40example.com/used');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toBe(
      'confirm: The confirmation link is invalid, used or expired. Register again or log in.',
    );
    expect((await screen.findByRole('link', { name: 'Go to login' })).getAttribute('href')).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("prefixes a failed finish with 'finishreg:' and one with an unusable token with 'token:'", async () => {
    // Prepare: the finish is refused
    serve(
      {
        confirm: confirmed,
        finishreg: () =>
          reply(403, { message: 'Account not confirmed.', description: 'Please confirm your e-mail address first.' }),
      },
      { as: null },
    );

    // Act
    const first = await renderApp('/confirm/ada%40example.com/t1');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toBe(
      'finishreg: Please confirm your e-mail address first.',
    );
    expect(localStorage.getItem('token')).toBeNull();
    first.unmount();

    // Prepare: the finish works, the token does not
    serve(
      {
        confirm: confirmed,
        finishreg: () => ({ message: 'OK', description: 'Registration finished.' }),
        getFullUserParameters: () => reply(500, { message: 'Internal server error.' }),
      },
      { as: null },
    );

    // Act
    await renderApp('/confirm/ada%40example.com/t2');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toBe('token: Internal server error.');
  });

  it('reopened while logged in with the same e-mail: says it is confirmed, offers the dashboard and does not resend the token', async () => {
    // Prepare
    const api = serve({}, { as: testStudent });

    // Act
    await renderApp('/confirm/Student%40example.com/used-token');

    // Assess
    expect((await screen.findByTestId('confirm-done')).textContent).toContain('student@example.com');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Register again' })).toBeNull();
    expect(api.callsOf('confirm')).toHaveLength(0);
  });
});
