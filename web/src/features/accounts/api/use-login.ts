/** Login as a mutation: pending state for the button; the page shows the failure reason itself. */
import { useMutation } from '@tanstack/react-query';
import { useSession, type LoginError } from '@/lib/auth';

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  const { login } = useSession();
  return useMutation<void, LoginError, Credentials>({
    mutationFn: ({ email, password }) => login(email, password),
    meta: { handlesErrors: true },
  });
}
