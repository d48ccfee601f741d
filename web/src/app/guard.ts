/**
 * The route guard of spec/1 §6 as a pure decision, so the rules are tested without a router.
 *
 * - public: only when logged out (login, register, 404); a logged-in visitor goes to the dashboard.
 * - confirm: always passes and sets the confirm flag (e-mail confirmation link).
 * - open: always passes (the password wizard, used logged out to reset and logged in to change).
 * - user: any logged-in user; admin: administrators only; student: regular users only.
 */
import type { RouteAccess } from '@/lib/paths';

export type { RouteAccess };

export interface GuardInput {
  /** The full wanted path (pathname + search + hash), saved for the redirect after login. */
  path: string;
  routeAccess: RouteAccess;
  loggedIn: boolean;
  isAdmin: boolean;
}

export type GuardDecision =
  | { action: 'allow'; setConfirm?: true }
  | { action: 'redirect'; to: '/login'; saveRedirect: string }
  | { action: 'redirect'; to: '/dashboard' };

export function guardDecision({ path, routeAccess, loggedIn, isAdmin }: GuardInput): GuardDecision {
  switch (routeAccess) {
    case 'confirm':
      return { action: 'allow', setConfirm: true };
    case 'open':
      return { action: 'allow' };
    case 'public':
      return loggedIn ? { action: 'redirect', to: '/dashboard' } : { action: 'allow' };
    default:
      break;
  }
  if (!loggedIn) return { action: 'redirect', to: '/login', saveRedirect: path };
  if (routeAccess === 'user') return { action: 'allow' };
  if (routeAccess === 'admin')
    return isAdmin ? { action: 'allow' } : { action: 'redirect', to: '/dashboard' };
  return isAdmin ? { action: 'redirect', to: '/dashboard' } : { action: 'allow' };
}
