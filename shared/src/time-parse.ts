/**
 * Reading the spec's 'YYYY-MM-DD HH:MM:SS' (UTC) strings: time.ts's, apart from date-fns, because the
 * screens that only show server times need nothing else of it (the dashboard's messages; issue 20 item 22).
 */

const SPEC_FIELDS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The instant of a spec string read as UTC; null when absent, not of the spec's shape or not a real date and time (years 1-9999). */
export function parseSpecTime(value: string | null | undefined): number | null {
  const fields = value ? SPEC_FIELDS.exec(value) : null;
  if (!fields) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields.slice(1).map(Number);
  const at = new Date(0);
  // Setting the fields carries an overflow into the next one (Feb 30 → Mar 2); a real date reads back unchanged.
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  const exact =
    year >= 1 &&
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second;
  return exact ? at.getTime() : null;
}
