/**
 * After a login the UI language and the account's language agree (spec/1 §7 /change-user-language).
 * A language picked on this device before logging in is the user's latest choice: the account takes
 * it. At start-up with a stored session the account's language is the truth (it may have been
 * changed on another device) and the UI follows it.
 */
import { languageByCode, languageById, type LanguageCode } from '@lectio/shared/languages';

export interface SessionLanguage {
  /** The UI language to show. */
  ui: LanguageCode;
  /** The language id to store on the account, when it differs from the choice. */
  storeOnAccount?: number;
}

export function sessionLanguage(chosen: string | null, accountLangId: number, moment: 'login' | 'startup'): SessionLanguage {
  const account = languageById(accountLangId).shortcut;
  const picked = chosen ? languageByCode(chosen) : undefined;
  if (moment === 'login' && picked && picked.id !== accountLangId) return { ui: picked.shortcut, storeOnAccount: picked.id };
  return { ui: account };
}
