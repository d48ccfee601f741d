/** Login as a mutation: pending state for the button; the page shows the failure reason itself. */
import { useAction } from '@/lib/use-action';
import { useSession, type LoginError } from '@/lib/auth';

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  const { login } = useSession();
  return useAction<void, LoginError, Credentials>({
    mutationFn: ({ email, password }) => login(email, password),
    meta: { handlesErrors: true },
  });
}
