/**
 * The task lock's countdown bar of the task editors (spec/2 §4): 1800 s from opening, red at 120 s or
 * less (value count/18), 'Time limit expired. Saving disabled' at 0, the refresh error, and Refresh.
 */
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { LOCK_WARNING_SECONDS } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import type { useTaskLock } from './use-task-lock';

export function LockBar({ lock }: { lock: ReturnType<typeof useTaskLock> }) {
  const { t } = useTranslation();
  const count = lock.count;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="lock-bar">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, count) / 18}
            color={count <= LOCK_WARNING_SECONDS ? 'error' : 'primary'}
            aria-label={t('taskEditor.lockTime')}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="caption" data-testid="countdown">
            {count > 0 ? t('taskEditor.lockLeft', { time: `${Math.floor(count / 60)}:${String(count % 60).padStart(2, '0')}` }) : ''}
          </Typography>
          {count === 0 && <SafeHtml html={t('taskEditor.expired')} sx={{ color: 'error.main' }} />}
          {lock.error && <Typography color="error" variant="body2" data-testid="lock-error">{lock.error}</Typography>}
        </Box>
        <Button startIcon={<Refresh />} onClick={() => void lock.refresh()} data-testid="refresh-lock">
          {t('taskEditor.refresh')}
        </Button>
      </Stack>
    </Paper>
  );
}
