/**
 * A competition window boundary (spec/2 §2.4, §5): enabled by its flag, a date and a 24-hour time
 * (hour and minute selectors, so the clock never depends on the browser's locale). The author types
 * the wall clock of their own time zone, shown beside the field; the value sent and stored is the
 * spec's 'YYYY-MM-DD HH:MM:00' in UTC, so a window set at 14:00 in UTC+1 closes at 13:00 UTC and
 * learners see it in their own zone. Defaults: today, 00:00.
 */
import { Box, Checkbox, FormControl, FormControlLabel, InputLabel, MenuItem, Select, TextField, Typography } from '@mui/material';
import { localTimeZone, parseSpecTime, specTimeFromWallClock, todayIn, wallClockOfSpecTime, zoneOffsetLabel } from '@lectio/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec string (UTC) of a wall-clock date and time in `timeZone`; the parts of a stored value there (today 00:00 when empty). */
export const joinDateTime = (date: string, hour: number, minute: number, timeZone = localTimeZone()) =>
  specTimeFromWallClock(date, hour, minute, timeZone) ?? '';
export const splitDateTime = (value: string | null | undefined, timeZone = localTimeZone()) =>
  wallClockOfSpecTime(value, timeZone) ?? { date: todayIn(timeZone), hour: 0, minute: 0 };

interface DateTimeWindowProps {
  label: string;
  enabled: boolean;
  value: string | null;
  onChange: (enabled: boolean, value: string) => void;
  testId: string;
  /** The author's zone; the browser's unless a test fixes it. */
  timeZone?: string;
}

export function DateTimeField({ label, enabled, value, onChange, testId, timeZone = localTimeZone() }: DateTimeWindowProps) {
  const { t } = useTranslation();
  const id = useId();
  const parts = splitDateTime(value, timeZone);
  const set = (patch: Partial<typeof parts>, on = enabled) => {
    const next = { ...parts, ...patch };
    onChange(on, joinDateTime(next.date, next.hour, next.minute, timeZone));
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
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-zone`}>
        {timeZone} ({zoneOffsetLabel(timeZone, parseSpecTime(value) ?? undefined)})
      </Typography>
    </Box>
  );
}
