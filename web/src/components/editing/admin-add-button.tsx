/** The "add" action of a catalogue list page: shown to administrators only, it opens the new item's form. */
import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useSession } from '@/lib/auth';

export function AdminAddButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <Button variant="contained" startIcon={<Add />} component={RouterLink} to={to} data-testid={testId}>
      {label}
    </Button>
  );
}
