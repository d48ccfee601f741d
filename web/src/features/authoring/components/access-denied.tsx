/** The access-denied page of the editing screens (spec/2 §6, §8). */
import { Alert } from '@mui/material';
import { EDIT_DENIED } from '@lectio/shared';
import { isApiError } from '@/lib/api-client';

/** Shown when a list load is refused; other failures show their own message. */
export function AccessDenied({ error }: { error?: unknown }) {
  const message = isApiError(error) && error.status !== 403 ? error.message : EDIT_DENIED;
  return (
    <Alert severity="error" data-testid="access-denied" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}
