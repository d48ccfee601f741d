/** Every UI language has exactly the English key set, and no empty value. */
import { describe, expect, it } from 'vitest';
import { languageCodes } from '@lectio/shared';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

/** Each language's parts merged; a top-level key may be owned by one part only. */
const locales: Record<string, Record<string, unknown>> = {};
for (const [path, data] of Object.entries(files)) {
  const [, code] = /^\.\/([^/]+)\//.exec(path)!;
  const merged = (locales[code!] ??= {});
  for (const key of Object.keys(data)) {
    if (key in merged) throw new Error(`${path}: top-level key ${key} is defined by two parts`);
  }
  Object.assign(merged, data);
}

describe('locales', () => {
  it('has exactly one folder per UI language', () => {
    expect(Object.keys(locales).sort()).toEqual([...languageCodes].sort());
  });

  const englishKeys = leaves(locales.en)
    .map(([key]) => key)
    .sort();

  it.each(languageCodes)('%s has the same keys as English', (code) => {
    expect(
      leaves(locales[code])
        .map(([key]) => key)
        .sort(),
    ).toEqual(englishKeys);
  });

  it.each(languageCodes)('%s has only non-empty string values', (code) => {
    for (const [key, value] of leaves(locales[code])) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(languageCodes)('%s keeps every interpolation placeholder of English', (code) => {
    const english = Object.fromEntries(leaves(locales.en));
    for (const [key, value] of leaves(locales[code])) {
      const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(value), key).toEqual(placeholders(english[key]));
    }
  });

  it('translates the UI: apart from names and short labels, other languages differ from English', () => {
    const english = Object.fromEntries(leaves(locales.en));
    for (const code of languageCodes.filter((c) => c !== 'en')) {
      // A pattern with no words in it (a number and its unit sign) has nothing to translate.
      const words = (value: unknown) => /\p{L}/u.test(String(value).replace(/\{\{\w+\}\}/g, ''));
      const same = leaves(locales[code]).filter(([key, value]) => value === english[key] && words(value));
      expect(same.length, `${code}: ${same.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(6);
    }
  });
});
