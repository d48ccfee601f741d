/** The eight UI languages of Lectio; ids 1-8 in this order are fixed by the spec. */
export const languages = [
  { id: 1, name: 'English', shortcut: 'en' },
  { id: 2, name: 'Slovenčina', shortcut: 'sk' },
  { id: 3, name: 'Čeština', shortcut: 'cs' },
  { id: 4, name: 'Polski', shortcut: 'pl' },
  { id: 5, name: 'Español', shortcut: 'es' },
  { id: 6, name: 'Magyar', shortcut: 'hu' },
  { id: 7, name: 'Nederlands', shortcut: 'nl' },
  { id: 8, name: 'Русский', shortcut: 'ru' },
] as const;

export type LanguageId = (typeof languages)[number]['id'];
export type LanguageCode = (typeof languages)[number]['shortcut'];
export const languageCodes = languages.map((l) => l.shortcut) as LanguageCode[];
export const DEFAULT_LANGUAGE_ID = 1;

export const languageById = (id: number) => languages.find((l) => l.id === id) ?? languages[0];
export const languageByCode = (code: string) => languages.find((l) => l.shortcut === code);
