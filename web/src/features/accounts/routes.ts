/** Screens of the accounts feature, by route name (see lib/paths.ts); each loads lazily. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const accountsScreens: Record<string, LazyScreen> = {
  register: () => import('./components/register-page').then((m) => ({ Component: m.RegisterPage })),
  confirm: () => import('./components/confirm-page').then((m) => ({ Component: m.ConfirmPage })),
  pwdchange: () => import('./components/password/password-change-page').then((m) => ({ Component: m.PasswordChangePage })),
  profile: () => import('./components/profile-page').then((m) => ({ Component: m.ProfilePage })),
};
