/** Accounts Lambda: token grant, session user, languages, language change, logout. */
import { getSecrets } from '../config';
import { domainHandler } from '../http/router';
import { Forbidden, DomainError } from '../http/errors';
import { issueTokens, revokeToken, verifyToken } from '../auth/tokens';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { assertNotLimited, recordFailure, limits } from '../auth/rate-limit';
import { languages, OAUTH_CLIENT_ID } from '@lectio/shared';
import { findUserByEmail, getUserById, toFullUserParameters, updateUser } from './users';
import { logger } from '../http/logger';

class InvalidClient extends DomainError {
  constructor() {
    super(401, 'Client authentication failed.');
  }
}
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
    const { clientSecret } = await getSecrets();
    if (body.client_id !== OAUTH_CLIENT_ID || body.client_secret !== clientSecret) throw new InvalidClient();
    if (body.grant_type === 'refresh_token') {
      const session = await verifyToken(body.refresh_token!, 'refresh');
      if (!session) throw new InvalidGrant();
      const user = await getUserById(session.userId);
      await revokeToken(session); // refresh tokens are single use
      return issueTokens(user.user_id, user.role_id);
    }
    const email = (body.email ?? body.username)!;
    await Promise.all([assertNotLimited(limits.loginPerIp, sourceIp), assertNotLimited(limits.loginPerEmail, email)]);
    const user = await findUserByEmail(email);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password!);
    if (!user || !ok) {
      await Promise.all([recordFailure(limits.loginPerIp, sourceIp), recordFailure(limits.loginPerEmail, email)]);
      throw new InvalidGrant();
    }
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
    await revokeToken(user);
    logger.info('user activity', { action: 'logout', userId: user.userId });
    return { message: 'OK' as const };
  },
});
