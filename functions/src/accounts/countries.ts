/** The full ISO 3166 country list (numeric ids) with names in the eight UI languages. */
// The library without its Node entry, which registers all ~80 locales (760 kB in a bundle): only our eight.
import countries from 'i18n-iso-countries/index.js';
import { languageById } from '@lectio/shared';
import { countryLocales } from './country-locales';

countryLocales.forEach((l) => countries.registerLocale(l));

const cache = new Map<number, Array<{ id: number; country_name: string }>>();

export function countryList(langId = 1) {
  let list = cache.get(langId);
  if (!list) {
    const locale = languageById(langId).shortcut;
    const names = countries.getNames(locale, { select: 'official' });
    const fallback = countries.getNames('en', { select: 'official' });
    list = Object.keys(countries.getAlpha2Codes())
      .map((alpha2) => ({ id: Number(countries.alpha2ToNumeric(alpha2)), country_name: names[alpha2] ?? fallback[alpha2] ?? alpha2 }))
      .filter((c) => Number.isInteger(c.id) && c.id > 0)
      .sort((a, b) => a.country_name.localeCompare(b.country_name, locale));
    cache.set(langId, list);
  }
  return list;
}

export function countryName(id: number, langId = 1): string {
  return countryList(langId).find((c) => c.id === id)?.country_name ?? '';
}
