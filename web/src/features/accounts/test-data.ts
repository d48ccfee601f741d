/** Answers of the accounts routes the accounts screen tests share (data only; the API is `@/testing/serve`). */
import type { RouteResponse, Routes } from '@lectio/shared';

export const registrationData = {
  languages: [
    { id: 1, name: 'English', shortcut: 'en' },
    { id: 2, name: 'Slovenčina', shortcut: 'sk' },
  ],
  countries: [
    { id: 703, country_name: 'Slovakia' },
    { id: 203, country_name: 'Czechia' },
    { id: 826, country_name: 'United Kingdom' },
  ],
  groups: [{ group_name: 'Class A' }, { group_name: 'University' }],
  themes: [
    { id: 1, theme_name: 'light', description: 'Light' },
    { id: 2, theme_name: 'dark', description: 'Dark' },
    { id: 3, theme_name: 'colourblind', description: 'Colour-blind safe' },
    { id: 4, theme_name: 'os-preference', description: 'Follows the system dark setting' },
  ],
} satisfies RouteResponse<Routes['getRegistrationData']>;

export const tokenReply = {
  token_type: 'Bearer',
  expires_in: 3600,
  access_token: 'jwt-1',
  refresh_token: 'r-1',
} satisfies RouteResponse<Routes['oauthToken']>;
