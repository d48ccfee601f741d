/** A path no route knows: the login page with its not-found notice when logged out, else the not-found page. */
import { NotFoundPage } from '@/components/not-found/not-found-page';
import { LoginPage } from '@/features/accounts/components/login-page';
import { useSession } from '@/lib/auth';

export function UnknownRoute() {
  const { user } = useSession();
  return user ? <NotFoundPage /> : <LoginPage notFound />;
}
