/** Server times are 'YYYY-MM-DD HH:MM:SS' in UTC; shown in the reader's time zone and language. */
import { parseSpecTime } from '@lectio/shared';

export function formatServerTime(value: string | null | undefined, language: string, timeZone?: string): string {
  if (!value) return '';
  const ms = parseSpecTime(value);
  if (ms === null) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(ms);
}
