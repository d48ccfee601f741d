/** The finished state of a cognitive run: the server's score, the run's figures, Restart and Close. */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface RunFigure {
  label: string;
  value: ReactNode;
}

export function RunResult({ score, maxScore, status, figures, onRestart, onClose }: {
  score: number | null;
  maxScore: number;
  status: 'completed' | 'abandon';
  figures: RunFigure[];
  onRestart: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid="run-result" data-status={status}>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('tests.run.finished')}
      </Typography>
      {score === null ? (
        <Alert severity="info">{t('tests.run.saving')}</Alert>
      ) : (
        <Typography variant="h3" component="p" data-testid="run-score" aria-live="polite">
          {t('tests.run.score', { score: score.toFixed(2), max: maxScore })}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 3, rowGap: 0.5, my: 2 }}>
        {figures.map((f) => (
          <Box key={f.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={onRestart} data-testid="run-restart">
          {t('tests.run.restart')}
        </Button>
        <Button variant="outlined" onClick={onClose} data-testid="run-close">
          {t('tests.close')}
        </Button>
      </Stack>
    </Box>
  );
}
