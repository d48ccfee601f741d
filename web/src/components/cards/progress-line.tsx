/** A labelled progress bar: "Tasks 2/5" over a determinate bar named for screen readers. */
import { Box, LinearProgress, Typography } from '@mui/material';

interface ProgressLineProps {
  label: string;
  /** Shown right of the label, e.g. "2/5" or "40 %". */
  value: string;
  percent: number;
  testId?: string;
}

export function ProgressLine({ label, value, percent, testId }: ProgressLineProps) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <Box data-testid={testId} sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={clamped}
        aria-label={`${label} ${value}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
