/**
 * The catalogue's bilingual texts: merging the languages an admin form sends into the stored texts,
 * the all-language list the forms load, and the form rules shared by categories, areas and courses.
 * Pure functions (unit-tested in texts.test.ts).
 */
import { sanitizeRichText } from '../platform/content/sanitize';
import { Conflict } from '../platform/http/errors';
import type { Texts } from './model';

export type ContentList = Array<{ lang_id: number; content?: string; description?: string; detail?: string }>;

/**
 * Merges the sent languages into the stored texts (languages not sent stay as they are). The rich
 * text detail is sanitised before it is stored; names and descriptions are plain text.
 */
export function mergeTexts(stored: Texts | undefined, list: ContentList, field: 'content' | 'description' | 'detail'): Texts {
  const out: Texts = { ...(stored ?? {}) };
  for (const entry of list) {
    const value = entry[field];
    if (value !== undefined) out[String(entry.lang_id)] = field === 'detail' ? sanitizeRichText(value.trim()) : value.trim();
  }
  return out;
}

/** The texts of every language that has a name or description, as the `*-in-all-lang` routes answer. */
export const allLangList = (names: Texts, descriptions?: Texts, details?: Texts) =>
  [...new Set([...Object.keys(names ?? {}), ...Object.keys(descriptions ?? {})])]
    .map(Number)
    .sort((a, b) => a - b)
    .map((lang) => ({
      lang_id: lang,
      content: names?.[String(lang)] ?? '',
      ...(descriptions ? { description: descriptions[String(lang)] ?? '' } : {}),
      ...(details ? { detail: details[String(lang)] ?? '' } : {}),
    }));

/** The order of a new item: one after the last. */
export const nextOrder = (orders: number[]) => (orders.length ? Math.max(...orders) : 0) + 1;

export function requireName(list: ContentList): void {
  if (!list.some((e) => (e.content ?? '').trim() !== '')) {
    throw new Conflict('A name is required in at least one language.');
  }
}
