/**
 * The notebook toolbar (spec/3 "Kernels"; issue 25): run all, delete results, interrupt, restart,
 * delete kernel, and a status line that follows the runner (a live kernel or in-browser Python, whose
 * first load shows its steps as progress). The input prompt of `input()` is answered with Enter.
 */
import { useState } from 'react';
import { Box, IconButton, LinearProgress, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ClearAll from '@mui/icons-material/ClearAll';
import FastForward from '@mui/icons-material/FastForward';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Stop from '@mui/icons-material/Stop';
import { useTranslation } from 'react-i18next';
import type { InputPrompt, NotebookRun } from './use-notebook-run';

function Tool({ label, icon, onClick, disabled, testId }: { label: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean; testId: string }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function NotebookToolbar({ run, onRunAll, runnable = true }: { run: NotebookRun; onRunAll: () => void; runnable?: boolean }) {
  const { t } = useTranslation();
  const busy = run.running !== null;
  const loading = run.status === 'starting' || run.status === 'restarting';
  const statusText = run.status === null ? t('notebook.status.none') : t(`notebook.status.${run.status}`);
  const stage = run.kind === 'browser' && ['download', 'start', 'ready'].includes(run.detail) ? t(`notebook.stage.${run.detail as 'download' | 'start' | 'ready'}`) : run.detail;
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" role="toolbar" aria-label={t('notebook.toolbar')} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
        {runnable && <Tool label={t('notebook.runAll')} icon={<FastForward />} onClick={onRunAll} disabled={busy} testId="nb-run-all" />}
        <Tool label={t('notebook.clearResults')} icon={<ClearAll />} onClick={run.clear} disabled={busy} testId="nb-clear" />
        {runnable && (
          <>
            <Tool label={t('notebook.interrupt')} icon={<Stop />} onClick={run.interrupt} disabled={!busy} testId="nb-interrupt" />
            <Tool label={t('notebook.restart')} icon={<RestartAlt />} onClick={run.restart} disabled={run.status === null} testId="nb-restart" />
            <Tool label={t('notebook.deleteKernel')} icon={<PowerSettingsNew />} onClick={run.shutdown} disabled={run.status === null} testId="nb-delete-kernel" />
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" data-testid="nb-status" data-status={run.status ?? 'none'}>
          {run.kind ? `${t(run.kind === 'browser' ? 'notebook.runnerBrowser' : 'notebook.runnerKernel')}: ` : ''}
          {statusText}
          {stage && run.status !== 'idle' ? ` – ${stage}` : ''}
        </Typography>
      </Stack>
      {loading && <LinearProgress aria-label={t('notebook.loading')} />}
    </Box>
  );
}

/** The line `input()` waits for; Enter sends it. */
export function InputPromptField({ prompt }: { prompt: InputPrompt }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <TextField
      size="small"
      autoFocus
      fullWidth
      type={prompt.password ? 'password' : 'text'}
      label={prompt.prompt || t('notebook.input')}
      helperText={t('notebook.inputHelp')}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          prompt.answer(value);
        }
      }}
      slotProps={{ htmlInput: { 'data-testid': 'nb-input' } }}
      sx={{ mt: 1, ml: 7, maxWidth: 480 }}
    />
  );
}
