/** /login, and /404 for unknown paths (spec/1 §2). */
import { useMatches } from 'react-router';
import { LoginPage } from '@/features/accounts/components/login-page';
import { currentHandle } from '../route-handle';

export function LoginRoute() {
  const name = currentHandle(useMatches())?.name;
  return <LoginPage notFound={name === '404'} />;
}
