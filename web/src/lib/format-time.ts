/** Server times are 'YYYY-MM-DD HH:MM:SS' in UTC; shown in the reader's time zone and language. */
export function formatServerTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const ms = Date.parse(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(ms);
}
