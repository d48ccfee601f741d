import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/api', () => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));

import { wsClient } from '@/lib/ws-client';
import { renderApp } from '@/testing/render-app';
import { loggedInAs, testStudent } from '@/testing/logged-in';
import { serve, student } from '../test-fixtures';

beforeEach(() => {
  vi.spyOn(wsClient, 'connect').mockImplementation(() => {});
  vi.spyOn(wsClient, 'close').mockImplementation(() => {});
});

// Each test renders the whole app; the default 5 s is too tight on a loaded machine.
describe('Confirmation page', { timeout: 20_000 }, () => {
  it('confirms once, finishes the registration with the returned token and opens the dashboard logged in', async () => {
    // Prepare
    const transport = serve({
      '/confirm': () => ({
        status: 200,
        body: { message: 'OK', token: 'confirmed-jwt', description: 'Registration confirmed.' },
      }),
      '/finishreg': ({ options }) =>
        options?.headers?.authorization === 'Bearer confirmed-jwt'
          ? { status: 200, body: { message: 'OK', description: 'Registration finished.' } }
          : { status: 400, body: { message: 'Registration cannot be finished.' } },
      '/get-full-user-parameters': () => ({ status: 200, body: student }),
    });

    // Act
    const { router } = await renderApp('/confirm/ada%40example.com/t0ken');

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(transport.calls.filter((c) => c.path === '/confirm')).toHaveLength(1);
    expect(transport.calls.find((c) => c.path === '/confirm')?.options?.body).toEqual({
      mail: 'ada@example.com',
      token: 't0ken',
    });
    expect(transport.calls.find((c) => c.path === '/finishreg')?.options?.body).toEqual({ email: 'ada@example.com' });
    expect(localStorage.getItem('token')).toBe('confirmed-jwt');
    expect(localStorage.getItem('user_id')).toBe('7');
  });

  it("prefixes a failed confirmation with 'confirm:' and offers the login", async () => {
    serve({
      '/confirm': () => ({
        status: 400,
        body: {
          message: 'Invalid or expired confirmation link.',
          description: 'The confirmation link is invalid, used or expired. Register again or log in.',
        },
      }),
    });

    await renderApp('/confirm/ada%40example.com/used');

    expect((await screen.findByTestId('feedback-alert')).textContent).toBe(
      'confirm: The confirmation link is invalid, used or expired. Register again or log in.',
    );
    expect((await screen.findByRole('link', { name: 'Go to login' })).getAttribute('href')).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("prefixes a failed finish with 'finishreg:' and one with an unusable token with 'token:'", async () => {
    const confirmOk = () => ({ status: 200, body: { message: 'OK', token: 'confirmed-jwt', description: 'ok' } });
    serve({
      '/confirm': confirmOk,
      '/finishreg': () => ({
        status: 403,
        body: { message: 'Account not confirmed.', description: 'Please confirm your e-mail address first.' },
      }),
    });
    const first = await renderApp('/confirm/ada%40example.com/t1');
    expect((await screen.findByTestId('feedback-alert')).textContent).toBe(
      'finishreg: Please confirm your e-mail address first.',
    );
    expect(localStorage.getItem('token')).toBeNull();
    first.unmount();

    serve({
      '/confirm': confirmOk,
      '/finishreg': () => ({ status: 200, body: { message: 'OK', description: 'Registration finished.' } }),
      '/get-full-user-parameters': () => ({ status: 500, body: { message: 'Internal server error.' } }),
    });
    await renderApp('/confirm/ada%40example.com/t2');
    expect((await screen.findByTestId('feedback-alert')).textContent).toBe('token: Internal server error.');
  });

  it('reopened while logged in with the same e-mail: says it is confirmed, offers the dashboard and does not resend the token', async () => {
    // Prepare
    const transport = loggedInAs(testStudent, {});

    // Act
    await renderApp('/confirm/Student%40example.com/used-token');

    // Assess
    expect((await screen.findByTestId('confirm-done')).textContent).toContain('student@example.com');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Register again' })).toBeNull();
    expect(transport.calls.filter((c) => c.path === '/confirm')).toHaveLength(0);
  });
});
