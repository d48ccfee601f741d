/** Accounts Lambda: token grant, session, registration, password reset, profile, permissions. */
import { domainHandler } from '../platform/http/router';
import { Forbidden, DomainError, NotFound } from '../platform/http/errors';
import { claimRefresh, issueTokens, revokeSession, verifyToken } from '../platform/auth/tokens';
import { dummyPasswordHash, verifyPassword } from '../platform/auth/passwords';
import { consumeAttempt, limitedAttempt, limits } from '../platform/auth/rate-limit';
import { closeUserConnections } from '../platform/ws/publish';
import { assertClientSecret, InvalidClient } from '../platform/auth/secrets';
import { languages, OAUTH_CLIENT_ID, effectiveNickname } from '@lectio/shared';
import { findUserByEmail, getUserById, toFullUserParameters, toProfileData, updateUser } from './users';
import { confirm, finishRegistration, register, registrationData } from './registration';
import { changePassword, confirmResetCode, requestResetCode } from './password-reset';
import { courseExists, grantPermission } from '../platform/auth/course-grants';
import { logger } from '../platform/http/logger';

class InvalidGrant extends DomainError {
  constructor() {
    super(401, 'The user credentials were incorrect.');
  }
}

const languageEntry = (l: (typeof languages)[number]) => ({
  id: l.id,
  name: l.name,
  shortcut: l.shortcut,
  title: l.shortcut.toUpperCase(),
  url: `/flags/${l.shortcut}.svg`,
});

export const handler = domainHandler('accounts', {
  oauthToken: async ({ body, sourceIp }) => {
    if (body.client_id !== OAUTH_CLIENT_ID) throw new InvalidClient();
    await assertClientSecret(body.client_secret);
    if (body.grant_type === 'refresh_token') {
      const session = await verifyToken(body.refresh_token!, 'refresh');
      // Single use, atomically: of parallel uses of one refresh token exactly one gets a new pair.
      if (!session || !(await claimRefresh(session))) throw new InvalidGrant();
      const user = await getUserById(session.userId);
      return issueTokens(user.user_id, user.role_id);
    }
    const email = (body.email ?? body.username)!;
    // Count first: the password is evaluated only while the budgets of the IP and the e-mail last.
    const user = await limitedAttempt(
      [
        [limits.loginPerIp, sourceIp],
        [limits.loginPerEmail, email],
      ],
      async () => {
        const found = await findUserByEmail(email);
        const ok = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), body.password!);
        if (!found || !ok) throw new InvalidGrant();
        return found;
      },
    );
    if (!user.confirmed) throw new Forbidden('Account not confirmed.', 'Please confirm your e-mail address first.');
    return issueTokens(user.user_id, user.role_id);
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

  logout: async ({ user }) => {
    // The session (access and refresh token) ends, and so do the sockets opened with it.
    await revokeSession(user);
    await closeUserConnections(user.userId, user.sid);
    logger.info('user activity', { action: 'logout', userId: user.userId });
    return { message: 'OK' as const };
  },

  getRegistrationData: async ({ query }) => registrationData(query.lang),

  register: async ({ body, sourceIp }) => {
    await assertClientSecret(body.client_secret);
    await consumeAttempt(limits.registerPerIp, sourceIp);
    return register(body);
  },

  confirm: async ({ body, sourceIp }) =>
    limitedAttempt(
      [
        [limits.confirmPerIp, sourceIp],
        [limits.confirmPerEmail, body.mail],
      ],
      () => confirm(body.mail, body.token),
    ),

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
    await grantPermission(target.user_id, body.course_id, body.role_code, body.language_id, body.sub_obj_id);
    return { message: 'OK' as const };
  },
});
