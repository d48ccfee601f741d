/**
 * The English validation and server texts of spec/1 §5 and §8 (the same strings the shared zod
 * schemas and the accounts handlers produce) mapped to translation keys. A known text is shown in
 * the UI language; anything else — a text the server added later — is shown as it came.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@lectio/shared/validation/account-messages';
import type accountsLocale from '@/locales/en/accounts.json';

export type AccountMessageKey = keyof (typeof accountsLocale)['accounts']['messages'];

type StaticMessages = {
  [K in keyof typeof accountMessages]: (typeof accountMessages)[K] extends string ? K : never;
}[keyof typeof accountMessages];

/** Texts of the shared schemas and the accounts handlers that have a translation. */
const knownTexts: Record<string, AccountMessageKey> = {
  ...(Object.fromEntries(
    (Object.entries(accountMessages) as Array<[string, unknown]>)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [v, k]),
  ) as Record<string, StaticMessages>),
  'Choose a country': 'chooseCountry',
  'Choose a language': 'chooseLanguage',
  'Choose a student type': 'chooseStudentType',
  'Choose a theme': 'chooseTheme',
  'Enter the code from the mail': 'enterCode',
  'The value must be at most 60 characters': 'max60',
  'The value must be at most 200 characters': 'max200',
  'The value must be at most 254 characters': 'max254',
  'Invalid code.': 'invalidCode',
  'The code is wrong or expired. Check the mail or ask for a new code.': 'invalidCodeDescription',
  'Too many wrong attempts. Ask for a new code.': 'tooManyCodeAttempts',
  'Too many attempts. Try again later.': 'tooManyAttempts',
  'The password change has expired. Start again.': 'resetExpired',
  'Password changed.': 'passwordChanged',
  'Invalid or expired confirmation link.': 'confirmInvalid',
  'The confirmation link is invalid, used or expired. Register again or log in.': 'confirmInvalidDescription',
  'Account not confirmed.': 'notConfirmed',
  'Please confirm your e-mail address first.': 'notConfirmedDescription',
  'Registration cannot be finished.': 'finishFailed',
  'Wrong e-mail or password.': 'wrongCredentials',
};

const EMAIL_USED = /^Email "(.*)" is used\. Registration was aborted\.$/s;
/** A 400 from the server's schema check reads "field: message". */
const FIELD_PREFIXED = /^([\w.]+): (.+)$/s;

export interface MessageDescriptor {
  key: AccountMessageKey;
  values?: Record<string, string>;
}

/** The translation of an English account text, or null when it is not one of ours. */
export function describeMessage(text: string): MessageDescriptor | null {
  const key = knownTexts[text];
  if (key) return { key };
  const used = EMAIL_USED.exec(text);
  if (used) return { key: 'emailUsed', values: { email: used[1]! } };
  return null;
}

/** `(englishText) => text in the UI language` for validation errors, feedback and server answers. */
export function useAccountMessage(): (text: string) => string {
  const { t } = useTranslation();
  // The key is one of a union; i18next's overloads cannot pair it with options, so t is widened here.
  const translateKey = t as unknown as (key: `accounts.messages.${AccountMessageKey}`, options?: object) => string;
  return useCallback(
    (text: string) => {
      const translate = (plain: string) => {
        const known = describeMessage(plain);
        return known ? translateKey(`accounts.messages.${known.key}`, known.values ?? {}) : null;
      };
      const direct = translate(text);
      if (direct !== null) return direct;
      const prefixed = FIELD_PREFIXED.exec(text);
      const inner = prefixed ? translate(prefixed[2]!) : null;
      return prefixed && inner !== null ? `${prefixed[1]}: ${inner}` : text;
    },
    [translateKey],
  );
}
