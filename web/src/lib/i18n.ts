/**
 * i18next set-up: eight UI languages, a folder each in `src/locales/<code>/` with one JSON file
 * per part of the app (shell, accounts, catalogue …) merged into one namespace, loaded lazily so only
 * the active language is downloaded, as one chunk (vite.config.ts).
 * Detection order: local storage `lang`, then the user's lang_id, then English. `<html lang>` follows the rendered language.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { useEffect } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { languageById, languageByCode, languageCodes, type LanguageCode } from '@lectio/shared/languages';
import type shell from '@/locales/en/shell.json';
import type accounts from '@/locales/en/accounts.json';
import type catalogue from '@/locales/en/catalogue.json';
import type serverErrors from '@/locales/en/server-errors.json';
import type tests from '@/locales/en/tests.json';
import type tasks from '@/locales/en/tasks.json';
import type taskEditor from '@/locales/en/task-editor.json';
import type authoring from '@/locales/en/authoring.json';
import type programming from '@/locales/en/programming.json';
import type groups from '@/locales/en/groups.json';
import type teaching from '@/locales/en/teaching.json';
import type competitions from '@/locales/en/competitions.json';
import type revisions from '@/locales/en/revisions.json';
import type questionnaires from '@/locales/en/questionnaires.json';
import type messages from '@/locales/en/messages.json';
import type activity from '@/locales/en/activity.json';
import type notebook from '@/locales/en/notebook.json';
import type kernels from '@/locales/en/kernels.json';
import type essay from '@/locales/en/essay.json';
import { storage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof shell & typeof accounts & typeof catalogue & typeof serverErrors & typeof authoring & typeof tests & typeof tasks & typeof taskEditor & typeof programming & typeof groups & typeof teaching & typeof competitions & typeof revisions & typeof messages & typeof activity & typeof questionnaires & typeof essay & typeof notebook & typeof kernels };
  }
}

export type { LanguageCode };

const loaders = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** The parts of one language, merged (each part owns its top-level keys). */
async function loadLanguage(language: string): Promise<Record<string, unknown> | null> {
  const parts = Object.entries(loaders).filter(([path]) => path.startsWith(`../locales/${language}/`));
  if (!parts.length) return null;
  const loaded = await Promise.all(parts.map(([, load]) => load()));
  return Object.assign({}, ...loaded) as Record<string, unknown>;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    loadLanguage(language).then(
      (data) => (data ? callback(null, data) : callback(new Error(`no locale ${language}`), false)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (languageCodes as string[]).includes(value);

/** local storage `lang` → the user's lang_id → English. */
export function detectLanguage(userLangId?: number | null): LanguageCode {
  const stored = storage.get('lang');
  if (isLanguageCode(stored)) return stored;
  if (userLangId) return languageById(userLangId).shortcut;
  return 'en';
}

export const languageIdOf = (code: string): number => languageByCode(code)?.id ?? 1;

export const i18n = i18next;

let initialised: Promise<unknown> | null = null;

export function initI18n(language: LanguageCode = detectLanguage()): Promise<unknown> {
  if (!initialised) {
    initialised = i18next
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        // Every language has exactly the English keys (locales.test.ts): a Slovak start loads Slovak alone.
        fallbackLng: false,
        supportedLngs: languageCodes,
        load: 'currentOnly',
        ns: ['translation'],
        defaultNS: 'translation',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  }
  return initialised;
}

/** Switches the UI language at once (loading its file if needed). */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  if (i18next.language !== code) await i18next.changeLanguage(code);
}

/**
 * Mirrors the active language on `<html lang>` after React rendered it, so the attribute never
 * runs ahead of the visible texts (screen readers and tests rely on it).
 */
export function useHtmlLang(): void {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  useEffect(() => {
    if (language) document.documentElement.lang = language;
  }, [language]);
}
