/**
 * A competition window boundary (spec/2 §2.4, §5): enabled by its flag, a date and a 24-hour time
 * (hour and minute selectors, so the clock never depends on the browser's locale). Defaults: today,
 * 00:00. The value is stored as 'date time:00'.
 */
import { Box, Checkbox, FormControl, FormControlLabel, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in local time. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** 'YYYY-MM-DD HH:MM:00' from its parts; the parts of a stored value (today 00:00 when empty). */
export const joinDateTime = (date: string, hour: number, minute: number) => `${date} ${pad(hour)}:${pad(minute)}:00`;
export function splitDateTime(value: string | null | undefined) {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})/.exec(value ?? '');
  return m ? { date: m[1]!, hour: Number(m[2]), minute: Number(m[3]) } : { date: today(), hour: 0, minute: 0 };
}

interface DateTimeWindowProps {
  label: string;
  enabled: boolean;
  value: string | null;
  onChange: (enabled: boolean, value: string) => void;
  testId: string;
}

export function DateTimeField({ label, enabled, value, onChange, testId }: DateTimeWindowProps) {
  const { t } = useTranslation();
  const id = useId();
  const parts = splitDateTime(value);
  const set = (patch: Partial<typeof parts>, on = enabled) => {
    const next = { ...parts, ...patch };
    onChange(on, joinDateTime(next.date, next.hour, next.minute));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid={testId}>
      <FormControlLabel
        sx={{ minWidth: 180 }}
        control={<Checkbox checked={enabled} onChange={(e) => set({}, e.target.checked)} data-testid={`${testId}-flag`} />}
        label={label}
      />
      <TextField
        type="date"
        size="small"
        label={t('authoring.chapterForm.date')}
        value={parts.date}
        disabled={!enabled}
        onChange={(e) => e.target.value && set({ date: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-date` } }}
      />
      <FormControl size="small" disabled={!enabled} sx={{ minWidth: 90 }}>
        <InputLabel id={`${id}-h`}>{t('authoring.chapterForm.hour')}</InputLabel>
        <Select labelId={`${id}-h`} label={t('authoring.chapterForm.hour')} value={parts.hour} onChange={(e) => set({ hour: Number(e.target.value) })} data-testid={`${testId}-hour`}>
          {Array.from({ length: 24 }, (_, h) => (
            <MenuItem key={h} value={h}>
              {pad(h)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" disabled={!enabled} sx={{ minWidth: 90 }}>
        <InputLabel id={`${id}-m`}>{t('authoring.chapterForm.minute')}</InputLabel>
        <Select labelId={`${id}-m`} label={t('authoring.chapterForm.minute')} value={parts.minute} onChange={(e) => set({ minute: Number(e.target.value) })} data-testid={`${testId}-minute`}>
          {Array.from({ length: 60 }, (_, m) => (
            <MenuItem key={m} value={m}>
              {pad(m)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}
