import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setConfig } from '@/lib/config';
import { renderApp } from '@/testing/render-app';
import { reply, serve, type Reply, type RouteHandlers } from '@/testing/serve';
import { registrationData } from '../test-data';

/** The registration screen's API, logged out: the registration data and the given routes. */
const serveRegistration = (handlers: RouteHandlers = {}) =>
  serve({ getRegistrationData: () => registrationData, ...handlers }, { as: null });

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function openRegistration() {
  const view = await renderApp('/register');
  await screen.findByRole('textbox', { name: /^Name/ });
  return view;
}

function fillValidForm() {
  type(field(/^Name/), 'Ada');
  type(field(/^Surname/), 'Lovelace');
  type(field(/^E-mail/), 'ada@example.com');
  type(screen.getByLabelText(/^Password/, { selector: 'input[name="passw"]' }), 'secret1');
  type(screen.getByLabelText(/^Password confirmation/), 'secret1');
  type(screen.getByRole('slider'), '1990');
  const country = screen.getByRole('combobox', { name: /^Country/ });
  type(country, 'Slov');
  fireEvent.click(screen.getByRole('option', { name: 'Slovakia' }));
  fireEvent.click(screen.getByRole('radio', { name: 'University student' }));
}

const agree = () => fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
const registerButton = () => screen.getByRole('button', { name: 'Register' });

beforeEach(() => {
  setConfig({ clientSecret: 'web-secret' });
});

// Each test renders the whole app; the default 5 s is too tight on a loaded machine.
describe('Registration page', { timeout: 20_000 }, () => {
  it('shows every field with a label, the privacy policy, and Register disabled until the agreement is checked', async () => {
    // Prepare
    serveRegistration();
    await openRegistration();

    // Assess
    for (const name of [/^Name/, /^Surname/, /^Nickname/, /^E-mail/]) expect(field(name)).toBeTruthy();
    expect(screen.getByRole('slider', { name: /Year of birth/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Country/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Preferred language/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Primary group/ })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Student type/ })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Privacy policy' })).getByText(/collected anonymously/)).toBeTruthy();
    expect(registerButton()).toHaveProperty('disabled', true);

    // Act
    agree();

    // Assess
    expect(registerButton()).toHaveProperty('disabled', false);
    agree();
    expect(registerButton()).toHaveProperty('disabled', true);
  });

  it('checks the rules of spec/1 §5 on submit and focuses the first error', async () => {
    // Prepare
    const api = serveRegistration();
    await openRegistration();
    agree();

    // Act
    type(field(/^Name/), 'A');
    type(field(/^E-mail/), 'a b@example.com');
    type(screen.getByLabelText(/^Password/, { selector: 'input[name="passw"]' }), 'abc');
    type(screen.getByLabelText(/^Password confirmation/), 'abd');
    fireEvent.click(registerButton());

    // Assess
    expect(await screen.findByText('Name is too short.')).toBeTruthy();
    expect(screen.getByText('The value is required')).toBeTruthy();
    expect(screen.getByText(/^Unsupported character in email address/)).toBeTruthy();
    expect(screen.getByText('Min 5 characters')).toBeTruthy();
    expect(screen.getByText('Password and confirmation must be match.')).toBeTruthy();
    expect(screen.getByText('Please set your age - content is dependent on age too.')).toBeTruthy();
    expect(screen.getByText('Choose a country')).toBeTruthy();
    expect(screen.getByText('Choose a student type')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Name/)));
    // The error text is the input's description.
    const name = field(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is too short.');
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it('registers with the nickname fallback and waits for the e-mail confirmation', async () => {
    // Prepare
    const api = serveRegistration({
      register: () => ({
        message: 'OK',
        description: 'Please check your mailbox and confirm registration (check the spam folder too).',
      }),
    });
    await openRegistration();
    fillValidForm();
    agree();

    // Act
    fireEvent.click(registerButton());

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toContain(
      'Please check your mailbox and confirm registration (check the spam folder too).',
    );
    expect(screen.getByTestId('registration-sent').textContent).toContain('ada@example.com');
    expect(api.bodyOf('register')).toEqual({
      name: 'Ada',
      surname: 'Lovelace',
      nick: 'Ada Lovelace',
      email: 'ada@example.com',
      passw: 'secret1',
      age: 1990,
      country: 703,
      lang: 1,
      group: '',
      content_type_id: 2,
      client_secret: 'web-secret',
    });
  });

  it('401 says the e-mail is used; a 400 puts the server field errors on the fields', async () => {
    // Prepare
    let answer: Reply = reply(401, { message: 'Email "ada@example.com" is used. Registration was aborted.' });
    serveRegistration({ register: () => answer });
    await openRegistration();
    fillValidForm();
    agree();

    // Act
    fireEvent.click(registerButton());

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toContain(
      'Email "ada@example.com" is used. Registration was aborted.',
    );

    // Act
    answer = reply(400, { message: 'surname: Surname is too short.', errors: { surname: ['Surname is too short.'] } });
    fireEvent.click(registerButton());

    // Assess
    await waitFor(() => expect(screen.getByTestId('feedback-alert').textContent).toContain('surname: Surname is too short.'));
    expect(await screen.findByText('Surname is too short.')).toBeTruthy();
  });

  it('other statuses show the last three characters of the error message', async () => {
    // Prepare
    serveRegistration({ register: () => reply(429, { message: 'Too many attempts. Try again later.' }) });
    await openRegistration();
    fillValidForm();
    agree();

    // Act
    fireEvent.click(registerButton());

    // Assess
    await waitFor(() => expect(screen.getByTestId('feedback-alert').textContent).toBe('429'));
  });
});
