/**
 * Number formatting per language, kept and cheap on the first screen (issue 20 item 22).
 *
 * - One `Intl.NumberFormat` per language and style is kept: making one costs milliseconds.
 * - The first one made in a page loads ICU's number data: about 35 ms on a desktop, a long task of
 *   ~150 ms on a phone, inside the first render. Whole numbers from 0 to 999 need no grouping
 *   separator in any of the UI's languages (all write Latin digits), so a formatter without options
 *   writes them itself, and ICU is loaded only for a number that needs it.
 *
 *   numberFormat(i18n.language).format(1200)          // '1,200'
 *   numberFormat('sk', { style: 'percent' }).format(0.5)
 */
export interface NumberFormatter {
  format(value: number): string;
}

const kept = new Map<string, NumberFormatter>();

const needsNoLocaleData = (value: number) => Number.isInteger(value) && value >= 0 && value < 1000;

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): NumberFormatter {
  const key = `${language}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = kept.get(key);
  if (!format) {
    let intl: Intl.NumberFormat | undefined;
    const icu = () => (intl ??= new Intl.NumberFormat(language, options));
    format = options
      ? { format: (value) => icu().format(value) }
      : { format: (value) => (needsNoLocaleData(value) ? String(value) : icu().format(value)) };
    kept.set(key, format);
  }
  return format;
}
