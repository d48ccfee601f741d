/**
 * The per-language texts of the bilingual forms (spec/2 §2.4): loaded from the `list` of
 * get-*-in-all-lang, edited per panel and sent back as `content_list` for the two panel languages.
 */
import { languages } from '@lectio/shared';

export interface LanguageTexts {
  content: string;
  description: string;
  detail: string;
}

export type TextsByLanguage = Record<number, LanguageTexts>;

export const emptyTexts: LanguageTexts = { content: '', description: '', detail: '' };

export function textsFromList(
  list: Array<{ lang_id: number; content: string; description?: string | undefined; detail?: string | undefined }> = [],
): TextsByLanguage {
  return Object.fromEntries(
    list.map((entry) => [
      entry.lang_id,
      { content: entry.content, description: entry.description ?? '', detail: entry.detail ?? '' },
    ]),
  );
}

export const textsOf = (texts: TextsByLanguage, langId: number): LanguageTexts => texts[langId] ?? emptyTexts;

/** Complete texts for every language (empty where none), as a form's default values. */
export const textsForEveryLanguage = (texts: TextsByLanguage): TextsByLanguage =>
  Object.fromEntries(languages.map((l) => [l.id, { ...emptyTexts, ...textsOf(texts, l.id) }]));

/** The content list for the panel languages; `fields` says which texts the item has. */
export function contentListOf(texts: TextsByLanguage, langIds: number[], fields: Array<'description' | 'detail'> = []) {
  return langIds.map((langId) => {
    const t = textsOf(texts, langId);
    return {
      lang_id: langId,
      content: t.content.trim(),
      ...(fields.includes('description') ? { description: t.description } : {}),
      ...(fields.includes('detail') ? { detail: t.detail } : {}),
    };
  });
}

/** The server needs a name in at least one language. */
export const hasAnyName = (texts: TextsByLanguage, langIds: number[]) =>
  langIds.some((langId) => textsOf(texts, langId).content.trim() !== '');
