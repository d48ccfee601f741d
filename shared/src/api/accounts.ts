/** Accounts domain: token, session user, languages, logout. */
import * as z from 'zod';
import { defineRoute, numeric, okResponse } from '../registry';
import {
  countryId,
  groupName,
  nickname,
  password,
  personName,
  registrationEmail,
  resetCode,
  resetEmail,
  studentType,
  themeId,
  uiLanguageId,
  yearOfBirth,
} from '../validation/account-fields';
import { accountMessages } from '../validation/account-messages';
import { permissionLevels } from '../permission-levels';

const email = z.string().trim().max(254, 'The value must be at most 254 characters');
const secret = z.string().max(200, 'The value must be at most 200 characters');

/** Form-encoded OAuth bodies carry every field as a string, so numbers are coerced. */
export const tokenRequest = z
  .object({
    grant_type: z.enum(['password', 'refresh_token'], { message: "Must be 'password' or 'refresh_token'" }),
    client_id: numeric(z.number({ message: 'Must be a number' }).int('Must be a whole number')),
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
  /** The rest of the caller's own profile (spec/1 §3 User), as the original platform's mobile client reads it. */
  yob: z.number().int(),
  country_id: z.number().int(),
  pref_lang_id: z.number().int(),
  content_type_id: z.number().int(),
  groups: z.string(),
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

export const langId = numeric(z.number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, 'Unknown language')
  .max(8, 'Unknown language'));

const clientSecretField = z.string({ message: 'The value is required' }).min(1, 'The value is required').max(200);
const okWithDescription = z.object({ message: z.literal('OK'), description: z.string() });

/** The personal fields shared by registration and profile (payload names of spec/1 §7). */
export const personalFields = {
  name: personName(accountMessages.nameTooShort),
  surname: personName(accountMessages.surnameTooShort),
  nick: nickname,
  country: countryId,
  lang: uiLanguageId,
  group: groupName,
  age: yearOfBirth(),
  content_type_id: studentType,
};

export const registerRequest = z.object({
  ...personalFields,
  email: registrationEmail,
  passw: password,
  client_secret: clientSecretField,
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const profileChangeRequest = z.object({ ...personalFields, theme_id: themeId });
export type ProfileChangeRequest = z.input<typeof profileChangeRequest>;

export const profileData = z.object({
  user_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  nickname: z.string(),
  email: z.string(),
  yob: z.number().int(),
  country_id: z.number().int(),
  pref_lang_id: z.number().int(),
  lang_id: z.number().int(),
  content_type_id: z.number().int(),
  theme_id: z.number().int(),
  groups: z.string(),
  xp: z.number().int(),
  coins: z.number().int(),
});

export const registrationData = z.object({
  languages: z.array(z.object({ id: z.number().int(), name: z.string(), shortcut: z.string() })),
  countries: z.array(z.object({ id: z.number().int(), country_name: z.string() })),
  groups: z.array(z.object({ group_name: z.string() })),
  themes: z.array(z.object({ id: z.number().int(), theme_name: z.string(), description: z.string() })),
});

const roleCode = z.enum(Object.keys(permissionLevels) as [keyof typeof permissionLevels, ...Array<keyof typeof permissionLevels>], {
  message: 'Unknown role code',
});
export const permissionGrant = z.object({
  email: resetEmail,
  course_id: numeric(z.number().int().min(1)),
  role_code: roleCode,
  language_id: numeric(z.number().int().min(0).max(8).default(0)),
  sub_obj_id: numeric(z.number().int().min(0).default(0)),
  /** What sub_obj_id names: a chapter (the default) or a lesson; the two id sequences overlap. */
  sub_obj_kind: z.enum(['chapter', 'lesson'], { message: 'Must be chapter or lesson' }).optional().default('chapter'),
});

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
  getRegistrationData: defineRoute({
    method: 'GET',
    path: '/get-registration-data',
    domain: 'accounts',
    access: 'public',
    summary: 'Languages, countries (names in ?lang), primary groups and themes for the registration form',
    query: z.object({ lang: uiLanguageId.optional() }),
    response: registrationData,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/register',
    domain: 'accounts',
    access: 'public',
    summary: 'Creates an unconfirmed account and mails the confirmation link (401 when the e-mail is used)',
    body: registerRequest,
    response: okWithDescription,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/confirm',
    domain: 'accounts',
    access: 'public',
    summary: 'Checks the mailed token (single use, 24 h) and confirms the account',
    body: z.object({ mail: z.string().trim().min(1, 'The value is required').max(254), token: z.string().min(1, 'The value is required').max(200) }),
    response: z.object({ message: z.literal('OK'), token: z.string(), description: z.string() }),
  }),
  finishreg: defineRoute({
    method: 'POST',
    path: '/finishreg',
    domain: 'accounts',
    access: 'public',
    summary: 'Finishes a confirmed registration (password check); the client then logs in',
    body: z.object({
      email: z.string().trim().min(1, accountMessages.emailRequired).max(254),
      password: z.string().max(200).optional(),
      token: z.string().max(200).optional(),
    }),
    response: okWithDescription,
  }),
  pwdChangeMail: defineRoute({
    method: 'POST',
    path: '/pwd-change-mail',
    domain: 'accounts',
    access: 'public',
    summary: 'Mails a three-part reset code; never tells whether the e-mail exists',
    body: z.object({ mail: resetEmail, client_secret: clientSecretField }),
    response: okWithDescription,
  }),
  pwdConfirmCode: defineRoute({
    method: 'POST',
    path: '/pwd-confirm-code',
    domain: 'accounts',
    access: 'public',
    summary: 'Exchanges a reset code (15 min, 5 attempts) for a one-time password-change token',
    body: z.object({ email: resetEmail, client_secret: clientSecretField, code: resetCode }),
    response: z.object({ message: z.literal('OK'), token: z.string() }),
  }),
  pwdChangePwd: defineRoute({
    method: 'POST',
    path: '/pwd-change-pwd',
    domain: 'accounts',
    access: 'public',
    summary: 'Sets the new password with the one-time token',
    body: z.object({
      email: resetEmail,
      client_secret: clientSecretField,
      code: z.string().min(1, 'The value is required').max(200),
      passwd: password,
    }),
    response: okWithDescription,
  }),
  getProfileData: defineRoute({
    method: 'GET',
    path: '/get-profile-data',
    domain: 'accounts',
    access: 'user',
    summary: "The caller's own personal fields and theme",
    response: profileData,
  }),
  profileChange: defineRoute({
    method: 'POST',
    path: '/profile-change',
    domain: 'accounts',
    access: 'user',
    summary: "Saves the caller's personal fields and theme",
    body: profileChangeRequest,
    response: okResponse,
  }),
  grantPermission: defineRoute({
    method: 'POST',
    path: '/grant-permission',
    domain: 'accounts',
    access: 'admin',
    summary: 'Admin: grants a course-level permission (role_code, language_id, sub_obj_id with its sub_obj_kind) to a user',
    body: permissionGrant,
    response: okResponse,
  }),
} as const;
