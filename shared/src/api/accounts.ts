/** Accounts domain: token, session user, languages, logout. */
import { z } from 'zod';
import { defineRoute, okResponse } from '../registry';

const email = z.string().trim().max(254, 'The value must be at most 254 characters');
const secret = z.string().max(200, 'The value must be at most 200 characters');

/** Form-encoded OAuth bodies carry every field as a string, so numbers are coerced. */
export const tokenRequest = z
  .object({
    grant_type: z.enum(['password', 'refresh_token'], { message: "Must be 'password' or 'refresh_token'" }),
    client_id: z.coerce.number({ message: 'Must be a number' }).int('Must be a whole number'),
    client_secret: secret.min(1, 'The value is required'),
    username: email.optional(),
    email: email.optional(),
    password: secret.optional(),
    refresh_token: z.string().max(4000).optional(),
    scope: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.grant_type === 'password') {
      if (!body.email && !body.username)
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'E-mail is required' });
      if (!body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'The value is required' });
    } else if (!body.refresh_token) {
      ctx.addIssue({ code: 'custom', path: ['refresh_token'], message: 'The value is required' });
    }
  });

export const tokenResponse = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});

export const performance = z.object({
  xp: z.number().int(),
  coins: z.number().int(),
  level: z.number().int(),
  badges: z.array(z.string()),
});

export const fullUserParameters = z.object({
  user_id: z.number().int(),
  role_id: z.number().int(),
  lang_id: z.number().int(),
  theme_id: z.number().int(),
  theme_value: z.string(),
  name: z.string(),
  surname: z.string(),
  nickname: z.string(),
  email: z.string(),
  performance,
});
export type FullUserParameters = z.infer<typeof fullUserParameters>;

export const language = z.object({
  id: z.number().int(),
  name: z.string(),
  shortcut: z.string(),
  title: z.string(),
  url: z.string(),
});

export const langId = z.coerce
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, 'Unknown language')
  .max(8, 'Unknown language');

export const accountsRoutes = {
  oauthToken: defineRoute({
    method: 'POST',
    path: '/oauth/token',
    domain: 'accounts',
    access: 'public',
    summary: 'Password (and refresh) grant: issues a signed access token',
    body: tokenRequest,
    response: tokenResponse,
  }),
  getFullUserParameters: defineRoute({
    method: 'GET',
    path: '/get-full-user-parameters',
    domain: 'accounts',
    access: 'user',
    summary: 'The session user: role, language, theme and performance',
    response: fullUserParameters,
  }),
  languages: defineRoute({
    method: 'GET',
    path: '/languages',
    domain: 'accounts',
    access: 'public',
    summary: "UI languages; the first is primary, the second the caller's language",
    response: z.object({ list: z.array(language) }),
  }),
  changeUserLanguage: defineRoute({
    method: 'POST',
    path: '/change-user-language',
    domain: 'accounts',
    access: 'user',
    summary: "Stores the user's UI language",
    body: z.object({ lang: langId }),
    response: z.object({ message: z.literal('OK'), lang_id: z.number().int() }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/logout',
    domain: 'accounts',
    access: 'user',
    summary: 'Revokes the current token and records the logout action',
    body: z.object({ action: z.literal('logout').optional() }).strict(),
    response: okResponse,
  }),
} as const;
