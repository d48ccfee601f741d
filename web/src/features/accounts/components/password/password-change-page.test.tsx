import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setConfig } from '@/lib/config';
import { renderApp } from '@/testing/render-app';
import { reply, serve, type Reply } from '@/testing/serve';
import { testStudent } from '@/testing/users';
import { tokenReply } from '../../test-data';

const mailSent = 'Please check your mailbox and confirm password change (check the spam folder too).';
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const emailInput = () => screen.getByRole('textbox', { name: /^E-mail/ });
const part = (n: number) => screen.getByRole('textbox', { name: `Code part ${n} of 3` }) as HTMLInputElement;
const feedback = () => screen.getByTestId('feedback-alert').textContent;

function paste(element: HTMLElement, text: string) {
  fireEvent.paste(element, { clipboardData: { getData: () => text } });
}

beforeEach(() => {
  setConfig({ clientSecret: 'web-secret' });
});

// Each test renders the whole app; the default 5 s is too tight on a loaded machine.
describe('password wizard, source 1 (reset from the login page)', { timeout: 20_000 }, () => {
  it('goes e-mail → code → new password → finished and logs in with the new password', async () => {
    // Prepare
    let codeReply: Reply = reply(400, {
      message: 'Invalid code.',
      description: 'The code is wrong or expired. Check the mail or ask for a new code.',
    });
    const api = serve(
      {
        pwdChangeMail: () => ({ message: 'OK', description: mailSent }),
        pwdConfirmCode: () => codeReply,
        pwdChangePwd: () => ({ message: 'OK', description: 'Password changed.' }),
        oauthToken: () => tokenReply,
        getFullUserParameters: () => testStudent,
      },
      { as: null },
    );
    const { router } = await renderApp('/pwdchange');
    await screen.findByTestId('pwd-step-1');
    expect(screen.getByRole('heading', { name: 'Forgotten password' })).toBeTruthy();

    // Step 1: the standard format check, then the mail.
    type(emailInput(), 'student@');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    type(emailInput(), 'student@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByTestId('pwd-step-2');
    expect(feedback()).toContain(mailSent);
    expect(api.bodyOf('pwdChangeMail')).toEqual({ mail: 'student@example.com', client_secret: 'web-secret' });

    // Step 2: an incomplete code is refused without a request.
    type(part(1), 'k7pq');
    expect(part(1).value).toBe('K7PQ');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('Enter the code from the mail')).toBeTruthy();
    expect(api.callsOf('pwdConfirmCode')).toHaveLength(0);

    // Pasting the whole code fills the three parts; a wrong code shows the server's description.
    paste(part(1), 'K7PQ-2QXM-9MZA');
    expect([part(1).value, part(2).value, part(3).value]).toEqual(['K7PQ', '2QXM', '9MZA']);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(feedback()).toBe('The code is wrong or expired. Check the mail or ask for a new code.'));
    expect(screen.getByTestId('pwd-step-2')).toBeTruthy();
    expect(api.bodyOf('pwdConfirmCode')).toEqual({
      email: 'student@example.com',
      code: 'K7PQ-2QXM-9MZA',
      client_secret: 'web-secret',
    });

    codeReply = reply(200, { message: 'OK', token: 'one-time-token' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await screen.findByTestId('pwd-step-3');

    // Step 3: min 5 characters and a matching confirmation.
    type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'newpass1');
    type(screen.getByLabelText(/^Password confirmation/), 'newpass2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password and confirmation must be match.')).toBeTruthy();
    type(screen.getByLabelText(/^Password confirmation/), 'newpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    // Step 4, then the automatic login and the dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodyOf('pwdChangePwd')).toEqual({
      email: 'student@example.com',
      code: 'one-time-token',
      passwd: 'newpass1',
      client_secret: 'web-secret',
    });
    expect(api.bodyOf('oauthToken')).toMatchObject({
      email: 'student@example.com',
      password: 'newpass1',
    });
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('shows the server description of a failed step and the error message of a network failure', async () => {
    // Prepare
    serve({ pwdChangeMail: () => reply(429, { message: 'Too many attempts. Try again later.' }) }, { as: null });
    await renderApp('/pwdchange');
    await screen.findByTestId('pwd-step-1');

    // Act
    type(emailInput(), 'student@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // Assess
    await waitFor(() => expect(feedback()).toBe('Too many attempts. Try again later.'));
    expect(screen.getByTestId('pwd-step-1')).toBeTruthy();

    // Act: a request that never reaches the server (below the served API: the transport itself fails).
    vi.mocked(globalThis.fetch).mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // Assess
    await waitFor(() => expect(feedback()).toBe('Failed to fetch'));
    expect(screen.getByTestId('pwd-step-1')).toBeTruthy();
  });
});

describe('password wizard, source 2 (logged-in change)', { timeout: 20_000 }, () => {
  it("prefills the user's e-mail, refuses another one, renews the session with the new password and returns to the dashboard", async () => {
    // Prepare
    const api = serve(
      {
        pwdChangeMail: () => ({ message: 'OK', description: mailSent }),
        pwdConfirmCode: () => ({ message: 'OK', token: 'one-time-token' }),
        pwdChangePwd: () => ({ message: 'OK', description: 'Password changed.' }),
        oauthToken: () => ({ ...tokenReply, access_token: 'renewed-token' }),
      },
      { as: testStudent },
    );
    const { router } = await renderApp('/pwdchange');
    await screen.findByTestId('pwd-step-1');
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect((emailInput() as HTMLInputElement).value).toBe('student@example.com');

    // Act + Assess: another address is refused in the browser.
    type(emailInput(), 'someone@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This is not email of logged user.')).toBeTruthy();
    expect(api.callsOf('pwdChangeMail')).toHaveLength(0);

    type(emailInput(), 'student@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByTestId('pwd-step-2');
    type(part(1), 'K7PQ2QXM9MZA');
    expect([part(1).value, part(2).value, part(3).value]).toEqual(['K7PQ', '2QXM', '9MZA']);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await screen.findByTestId('pwd-step-3');
    type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'newpass1');
    type(screen.getByLabelText(/^Password confirmation/), 'newpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    // Step 4 says it is done before moving on; the button returns to the dashboard.
    await screen.findByTestId('pwd-step-4');
    expect(screen.getByTestId('pwd-finished').textContent).toContain('Password changed.');
    expect(router.state.location.search).toBe('?step=4');
    // The server ended every session of the user: this one has a new token, got with the new password.
    await waitFor(() => expect(localStorage.getItem('token')).toBe('renewed-token'));
    expect(api.bodyOf('oauthToken')).toMatchObject({ grant_type: 'password', username: 'student@example.com', password: 'newpass1' });
    fireEvent.click(screen.getByTestId('pwd-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
