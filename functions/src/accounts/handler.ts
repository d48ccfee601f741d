/** Accounts Lambda: token grant, session, registration, password reset, profile, permissions. */
import { accountsRoutes } from '@lectio/shared/api/accounts';
import { domainHandler } from '../platform/http/router';
import { NotFound } from '../platform/http/errors';
import { consumeAttempt, limits } from '../platform/auth/rate-limit';
import { logout, passwordLogin, refreshLogin } from './login';
import { assertClientSecret, InvalidClient } from '../platform/auth/secrets';
import { languages, OAUTH_CLIENT_ID, effectiveNickname } from '@lectio/shared';
import { findUserByEmail, getUserById, toFullUserParameters, toProfileData, updateUser } from './users';
import { confirm, finishRegistration, register, registrationData } from './registration';
import { changePassword, confirmResetCode, requestResetCode } from './password-reset';
import { courseExists, grantPermission } from '../platform/auth/course-grants';

const languageEntry = (l: (typeof languages)[number]) => ({
  id: l.id,
  name: l.name,
  shortcut: l.shortcut,
  title: l.shortcut.toUpperCase(),
  url: `/flags/${l.shortcut}.svg`,
});

export const handler = domainHandler('accounts', [accountsRoutes], {
  oauthToken: async ({ body, sourceIp }) => {
    if (body.client_id !== OAUTH_CLIENT_ID) throw new InvalidClient();
    await assertClientSecret(body.client_secret);
    if (body.grant_type === 'refresh_token') return refreshLogin(body.refresh_token!);
    return passwordLogin((body.email ?? body.username)!, body.password!, sourceIp);
  },

  getFullUserParameters: async ({ user }) => toFullUserParameters(await getUserById(user.userId)),

  languages: async ({ user }) => {
    const userLang = user ? (await getUserById(user.userId)).lang_id : undefined;
    const [primary, ...rest] = languages;
    const own = rest.filter((l) => l.id === userLang);
    const others = rest.filter((l) => l.id !== userLang);
    return { list: [primary, ...own, ...others].map(languageEntry) };
  },

  changeUserLanguage: async ({ user, body }) => {
    await updateUser(user.userId, { lang_id: body.lang });
    return { message: 'OK' as const, lang_id: body.lang };
  },

  logout: ({ user }) => logout(user),

  getRegistrationData: async ({ query }) => registrationData(query.lang),

  register: async ({ body, sourceIp }) => {
    await assertClientSecret(body.client_secret);
    await consumeAttempt(limits.registerPerIp, sourceIp);
    return register(body);
  },

  confirm: ({ body, sourceIp }) => confirm(body.mail, body.token, sourceIp),

  finishreg: async ({ body, user, sourceIp }) => finishRegistration(user, body.email, body.password ?? '', sourceIp),

  pwdChangeMail: async ({ body, user, sourceIp }) => {
    await assertClientSecret(body.client_secret);
    return requestResetCode(user, body.mail, sourceIp);
  },

  pwdConfirmCode: async ({ body, sourceIp }) => {
    await assertClientSecret(body.client_secret);
    return confirmResetCode(body.email, body.code, sourceIp);
  },

  pwdChangePwd: async ({ body }) => {
    await assertClientSecret(body.client_secret);
    return changePassword(body.email, body.code, body.passwd);
  },

  getProfileData: async ({ user }) => toProfileData(await getUserById(user.userId)),

  profileChange: async ({ user, body }) => {
    await updateUser(user.userId, {
      name: body.name,
      surname: body.surname,
      nickname: effectiveNickname(body.nick, body.name, body.surname),
      country_id: body.country,
      pref_lang_id: body.lang,
      groups: body.group,
      yob: body.age,
      content_type_id: body.content_type_id,
      theme_id: body.theme_id,
    });
    return { message: 'OK' as const };
  },

  grantPermission: async ({ body }) => {
    const target = await findUserByEmail(body.email);
    if (!target) throw new NotFound('User not found.');
    if (!(await courseExists(body.course_id))) throw new NotFound('Course not found.');
    await grantPermission(target.user_id, body.course_id, body.role_code, body.language_id, body.sub_obj_id, body.sub_obj_kind);
    return { message: 'OK' as const };
  },
});
