/**
 * The session of spec/1 §4: logged out → token obtained → user loaded → redirect to the saved
 * target (used once) or the dashboard. Start-up auto-login from the stored token; logout and an
 * expired token clear the user, the token and all local storage and go to /login.
 *
 * While the session moves between logged in and logged out ('switching') the route guard waits, so
 * it never judges the old page with the new session (which would save a bogus redirect).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FullUserParameters } from '@lectio/shared';
import { OAUTH_CLIENT_ID } from '@lectio/shared/constants';
import { isAdminRole } from '@lectio/shared/permission-levels';
import { levelFromXp } from '@lectio/shared/rules/progress';
import { api, holdUnauthorized, isApiError, setUnauthorizedHandler } from './api-client';
import { getConfig } from './config';
import { switchLanguage } from './i18n';
import { sessionLanguage } from './session-language';
import { storage } from './storage';
import { useThemeMode } from './theme-mode';
import { socketUrl, wsClient } from './ws-client';

export type SessionUser = FullUserParameters;
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated' | 'switching';

/** Why a login failed; the login page shows the matching spec text. */
export class LoginError extends Error {
  constructor(
    readonly reason: 'accessDenied' | 'invalidAuth',
    override readonly cause?: unknown,
  ) {
    super(reason);
    this.name = 'LoginError';
  }
}

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  isAdmin: boolean;
  login: (email: string, password: string) => Promise<void>;
  /** Starts the session with an access token obtained elsewhere (mail confirmation) and goes to the dashboard. */
  loginWithToken: (accessToken: string) => Promise<void>;
  /**
   * After the user's own password change (which ends every session of the user on the server): a new
   * token with the new password, the page and the socket kept. Rejects with a LoginError.
   */
  renewSession: (email: string, password: string) => Promise<void>;
  /** Reloads the session user after the server changed it (profile save). */
  refreshUser: () => Promise<SessionUser>;
  logout: () => Promise<void>;
  /** Live updates (WebSocket performance.changed). */
  updatePerformance: (change: { xp: number; coins: number }) => void;
  /** After the server stored a new UI language. */
  setUserLanguage: (langId: number) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Back-off (ms) for the start-up user load when the server was not reached or failed. */
const startupRetryDelays = [500, 1_000, 2_000, 4_000];

const pathnameOf = (target: string) => new URL(target, 'http://x').pathname;

/** An access token for the e-mail and password (the OAuth password grant); a LoginError when refused. */
async function passwordToken(email: string, password: string): Promise<string> {
  try {
    const token = await api('oauthToken', {
      body: { grant_type: 'password', client_id: OAUTH_CLIENT_ID, client_secret: getConfig().clientSecret, username: email, email, password },
    });
    return token.access_token;
  } catch (cause) {
    throw new LoginError('accessDenied', cause);
  }
}

/** Only same-site paths may be used as a redirect target. */
const safeTarget = (target: string | null) =>
  target && target.startsWith('/') && !target.startsWith('//') ? target : '/dashboard';

function rememberUser(user: SessionUser) {
  storage.set('role', String(user.role_id));
  storage.set('userId', String(user.user_id));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { applyUserDefault } = useThemeMode();
  const [state, setState] = useState<{ status: SessionStatus; user: SessionUser | null }>(() => ({
    status: storage.get('token') ? 'loading' : 'anonymous',
    user: null,
  }));
  const pendingPath = useRef<string | null>(null);

  /** The UI follows the account's language (made to agree first, see lib/session-language). */
  const applyPreferences = useCallback(
    (user: SessionUser) => {
      const { ui } = sessionLanguage(null, user.lang_id, 'startup');
      storage.set('lang', ui);
      void switchLanguage(ui);
      applyUserDefault(user.theme_value);
    },
    [applyUserDefault],
  );

  const connectSocket = useCallback(() => {
    const token = storage.get('token');
    if (token) wsClient.connect(socketUrl(getConfig().wsUrl, token));
  }, []);

  /** Changes the session and navigates; the guard waits until the router arrived. */
  const switchTo = useCallback(
    (target: string, user: SessionUser | null) => {
      pendingPath.current = pathnameOf(target);
      setState({ status: 'switching', user });
      void navigate(target, { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (state.status !== 'switching') return undefined;
    const done = () => {
      pendingPath.current = null;
      setState((s) =>
        s.status === 'switching' ? { status: s.user ? 'authenticated' : 'anonymous', user: s.user } : s,
      );
    };
    if (location.pathname === pendingPath.current) {
      done();
      return undefined;
    }
    // Never wait forever (a failed lazy import keeps the old location).
    const timer = setTimeout(done, 5_000);
    return () => clearTimeout(timer);
  }, [location.pathname, state.status]);

  /** Logout and expiry: clear the user, the token and all local storage; go to /login. */
  const endSession = useCallback(() => {
    wsClient.close();
    storage.clearAll();
    queryClient.clear();
    switchTo('/login', null);
  }, [queryClient, switchTo]);

  useEffect(() => {
    setUnauthorizedHandler(endSession);
  }, [endSession]);

  // Start-up auto-login with the stored token.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || state.status !== 'loading') return;
    started.current = true;
    let attempt = 0;
    const load = () =>
      api('getFullUserParameters').then(
        (user) => {
          rememberUser(user);
          connectSocket();
          // The whole shell and the first screen render with the user: as a transition, React renders them
          // in slices that yield to the browser rather than in one long task (issue 20 item 22).
          startTransition(() => {
            applyPreferences(user);
            setState({ status: 'authenticated', user });
          });
        },
        (error: unknown) => {
          // A 401 'Unauthorized.' already ended the session (api-client). A request that never reached
          // the server (status 0: the page is reloading or unloading, the network blinked) or a server
          // error says nothing about the token: clearing storage here logged users out on a reload.
          if (isApiError(error) && error.handled) return;
          const transient = !isApiError(error) || error.status === 0 || error.status >= 500;
          if (transient && attempt < startupRetryDelays.length) {
            setTimeout(load, startupRetryDelays[attempt++]);
            return;
          }
          endSession();
        },
      );
    load();
  }, [state.status, applyPreferences, connectSocket, endSession]);

  /** Token obtained → user loaded → preferences and socket → target (spec/1 §4). */
  const startSession = useCallback(
    async (accessToken: string, target: () => string) => {
      storage.set('token', accessToken);
      let user: SessionUser;
      try {
        user = await api('getFullUserParameters');
      } catch (cause) {
        storage.remove('token');
        throw new LoginError('invalidAuth', cause);
      }
      // A language picked before login becomes the account's, so content and UI agree.
      const { storeOnAccount } = sessionLanguage(storage.get('lang'), user.lang_id, 'login');
      if (storeOnAccount !== undefined) {
        try {
          const changed = await api('changeUserLanguage', { body: { lang: storeOnAccount } });
          user = { ...user, lang_id: changed.lang_id };
        } catch {
          // The account keeps its language; the UI follows it below, so they still agree.
        }
      }
      rememberUser(user);
      applyPreferences(user);
      connectSocket();
      switchTo(target(), user);
    },
    [applyPreferences, connectSocket, switchTo],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const accessToken = await passwordToken(email, password);
      // The saved redirect is taken only once the login succeeded.
      await startSession(accessToken, () => safeTarget(storage.takeRedirect()));
    },
    [startSession],
  );

  const renewSession = useCallback(
    async (email: string, password: string) => {
      const renewal = passwordToken(email, password).then((accessToken) => {
        storage.set('token', accessToken);
        connectSocket();
      });
      holdUnauthorized(renewal);
      await renewal;
    },
    [connectSocket],
  );

  const loginWithToken = useCallback(
    (accessToken: string) => startSession(accessToken, () => '/dashboard'),
    [startSession],
  );

  const refreshUser = useCallback(async () => {
    const user = await api('getFullUserParameters');
    rememberUser(user);
    setState((s) => (s.user ? { ...s, user } : s));
    return user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api('logout', { body: { action: 'logout' } });
    } catch {
      // Logging out must work even when the server does not answer.
    }
    endSession();
  }, [endSession]);

  const updatePerformance = useCallback((change: { xp: number; coins: number }) => {
    setState((s) =>
      s.user
        ? {
            ...s,
            user: {
              ...s.user,
              performance: { ...s.user.performance, ...change, level: levelFromXp(change.xp) },
            },
          }
        : s,
    );
  }, []);

  const setUserLanguage = useCallback((langId: number) => {
    setState((s) => (s.user ? { ...s, user: { ...s.user, lang_id: langId } } : s));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      status: state.status,
      user: state.user,
      isAdmin: state.user ? isAdminRole(state.user.role_id) : false,
      login,
      loginWithToken,
      renewSession,
      refreshUser,
      logout,
      updatePerformance,
      setUserLanguage,
    }),
    [state, login, loginWithToken, renewSession, refreshUser, logout, updatePerformance, setUserLanguage],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
