/**
 * A window boundary (a competition's open/result window, spec/2 §2.4, §5; a revision's From/To,
 * spec/3 §4): enabled by its flag, a date and a 24-hour time in MUI X's DateTimePicker (date-fns, in
 * the UI language's format and texts). The user picks the wall clock of their own time zone, shown
 * beside the field; the value sent and stored is the spec's 'YYYY-MM-DD HH:MM:00' in UTC, so a window
 * set at 14:00 in UTC+1 closes at 13:00 UTC and learners see it in their own zone. Defaults: today, 00:00.
 *
 * The date-fns adapter has no time zones, so the picker works on a local Date whose fields are the
 * author's wall clock (`pickerDateOf`), and the picked fields are turned back into the UTC string in
 * the author's zone (`specTimeOfPicked`) by shared/src/time.ts: the browser's own offset never enters.
 */
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { csCZ, enUS, esES, huHU, nlNL, plPL, ruRU, skSK } from '@mui/x-date-pickers/locales';
import { cs, enGB, es, hu, nl, pl, ru, sk, type Locale } from 'date-fns/locale';
import { localTimeZone, parseSpecTime, specTimeFromWallClock, todayIn, wallClockOfSpecTime, zoneOffsetLabel } from '@lectio/shared';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec string (UTC) of a wall-clock date and time in `timeZone`; the parts of a stored value there (today 00:00 when empty). */
export const joinDateTime = (date: string, hour: number, minute: number, timeZone = localTimeZone()) =>
  specTimeFromWallClock(date, hour, minute, timeZone) ?? '';
export const splitDateTime = (value: string | null | undefined, timeZone = localTimeZone()) =>
  wallClockOfSpecTime(value, timeZone) ?? { date: todayIn(timeZone), hour: 0, minute: 0 };

/** The picker's value: a local Date with the wall clock of `value` in `timeZone` (today 00:00 when empty). */
export function pickerDateOf(value: string | null | undefined, timeZone: string): Date {
  const { date, hour, minute } = splitDateTime(value, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hour, minute);
}

/** The spec string (UTC) of a picked Date read as the wall clock of `timeZone`. */
export const specTimeOfPicked = (picked: Date, timeZone: string) =>
  joinDateTime(`${picked.getFullYear()}-${pad(picked.getMonth() + 1)}-${pad(picked.getDate())}`, picked.getHours(), picked.getMinutes(), timeZone);

/** date-fns locale (formats, first day of the week) and the picker's own texts per UI language; English is en-GB (24-hour, day first). */
const pickerLocales: Record<string, { locale: Locale; texts: typeof enUS }> = {
  en: { locale: enGB, texts: enUS },
  cs: { locale: cs, texts: csCZ },
  es: { locale: es, texts: esES },
  hu: { locale: hu, texts: huHU },
  nl: { locale: nl, texts: nlNL },
  pl: { locale: pl, texts: plPL },
  ru: { locale: ru, texts: ruRU },
  sk: { locale: sk, texts: skSK },
};

interface DateTimeWindowProps {
  /** The flag's label. */
  label: string;
  /** The picker's own label (e.g. 'Date and time'). */
  pickerLabel: string;
  enabled: boolean;
  value: string | null;
  onChange: (enabled: boolean, value: string) => void;
  testId: string;
  /** The author's zone; the browser's unless a test fixes it. */
  timeZone?: string;
}

export function DateTimeField({ label, pickerLabel, enabled, value, onChange, testId, timeZone = localTimeZone() }: DateTimeWindowProps) {
  const { i18n } = useTranslation();
  const { locale, texts } = pickerLocales[i18n.resolvedLanguage ?? i18n.language] ?? pickerLocales.en!;
  const shown = pickerDateOf(value, timeZone);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale} localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid={testId}>
        <FormControlLabel
          sx={{ minWidth: 180 }}
          control={<Checkbox checked={enabled} onChange={(e) => onChange(e.target.checked, specTimeOfPicked(shown, timeZone))} data-testid={`${testId}-flag`} />}
          label={label}
        />
        <DateTimePicker
          label={pickerLabel}
          value={shown}
          onChange={(picked) => {
            // A half-typed value is not a date yet: the field keeps it, the form keeps the last whole one.
            if (picked && !Number.isNaN(picked.getTime())) onChange(enabled, specTimeOfPicked(picked, timeZone));
          }}
          ampm={false}
          timeSteps={{ minutes: 1 }}
          disabled={!enabled}
          slotProps={{ textField: { size: 'small', sx: { width: 250 } } }}
        />
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-zone`}>
          {timeZone} ({zoneOffsetLabel(timeZone, parseSpecTime(value) ?? undefined)})
        </Typography>
      </Box>
    </LocalizationProvider>
  );
}
