/**
 * One `Intl.NumberFormat` per language and style, kept: making one loads the locale's ICU data and costs
 * milliseconds (tens at a phone's speed, in the header's first render), so a render formats with the kept one.
 *
 *   numberFormat(i18n.language).format(1200)          // '1,200'
 *   numberFormat('sk', { style: 'percent' }).format(0.5)
 */
const kept = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = kept.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    kept.set(key, format);
  }
  return format;
}
