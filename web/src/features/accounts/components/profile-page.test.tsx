import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { reply, serve } from '@/testing/serve';
import { testStudent } from '@/testing/users';
import { registrationData } from '../test-data';

const profile = {
  user_id: 7,
  name: 'Ada',
  surname: 'Lovelace',
  nickname: 'ada',
  email: 'student@example.com',
  yob: 1990,
  country_id: 826,
  pref_lang_id: 1,
  lang_id: 1,
  content_type_id: 2,
  theme_id: 1,
  groups: 'Class A',
  xp: 0,
  coins: 0,
};

beforeEach(() => {
  document.body.dataset.theme = '';
});

// Each test renders the whole app; the default 5 s is too tight on a loaded machine.
describe('Profile page', { timeout: 20_000 }, () => {
  it('saves the personal fields and the theme, applies the theme and returns to the dashboard', async () => {
    // Prepare
    let user = testStudent;
    const api = serve({
      getRegistrationData: () => registrationData,
      getFullUserParameters: () => user,
      getProfileData: () => profile,
      profileChange: ({ body }) => {
        user = { ...testStudent, name: String(body.name), theme_id: Number(body.theme_id), theme_value: 'dark' };
        return { message: 'OK' };
      },
    });
    const { router } = await renderApp('/profile');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Ada');
    const email = screen.getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    expect(email.value).toBe('student@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveProperty('value', 'United Kingdom');

    // Act
    fireEvent.change(name, { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByTestId('feedback-alert').textContent).toBe('Data saved.');
    expect(document.body.dataset.theme).toBe('dark');
    expect(api.bodyOf('profileChange')).toEqual({
      name: 'Augusta',
      surname: 'Lovelace',
      nick: 'ada',
      age: 1990,
      country: 826,
      lang: 1,
      group: 'Class A',
      content_type_id: 2,
      theme_id: 2,
    });
    // The session user was refreshed after the save.
    expect(api.callsOf('getFullUserParameters').length).toBeGreaterThan(1);
  });

  it('switches the UI language as soon as the preferred language changes', async () => {
    // Prepare
    const api = serve({
      getRegistrationData: () => registrationData,
      getProfileData: () => profile,
      changeUserLanguage: () => ({ message: 'OK', lang_id: 2 }),
    });
    await renderApp('/profile');
    await screen.findByRole('textbox', { name: /^Name/ });

    // Act
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Preferred language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Slovenčina' }));

    // Assess
    await waitFor(() => expect(document.documentElement.lang).toBe('sk'));
    expect(await screen.findByRole('heading', { name: 'Môj profil' })).toBeTruthy();
    expect(api.bodyOf('changeUserLanguage')).toEqual({ lang: 2 });
    await switchLanguage('en');
  });

  it('shows a non-OK answer of the save as feedback and stays', async () => {
    // Prepare
    serve({
      getRegistrationData: () => registrationData,
      getProfileData: () => profile,
      profileChange: () => reply(200, { message: 'Profile is locked.' }),
    });
    const { router } = await renderApp('/profile');
    await screen.findByRole('textbox', { name: /^Name/ });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() => expect(screen.getByTestId('feedback-alert').textContent).toBe('Profile is locked.'));
    expect(router.state.location.pathname).toBe('/profile');
  });
});
