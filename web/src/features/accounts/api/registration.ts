/** Registration data (languages, countries in the UI language, groups, themes) and POST /register. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { useTranslation } from 'react-i18next';
import { effectiveNickname } from '@lectio/shared';
import { api } from '@/lib/api-client';
import { getConfig } from '@/lib/config';
import { languageIdOf } from '@/lib/i18n';
import type { RegisterFormOutput } from '../forms/schemas';
import { registrationFailed, registrationSucceeded, type RegistrationOutcome } from './registration-outcome';

/** The id of the language the UI is shown in. */
export function useUiLanguageId(): number {
  const { i18n } = useTranslation();
  return languageIdOf(i18n.resolvedLanguage ?? i18n.language);
}

export function useRegistrationData() {
  const lang = useUiLanguageId();
  return useQuery({
    queryKey: ['accounts', 'registration-data', lang],
    queryFn: () => api('getRegistrationData', { query: { lang } }),
    staleTime: Infinity,
    // Country names are refetched in the new language; the old list stays meanwhile.
    placeholderData: keepPreviousData,
    // The screens show their own retry alert.
    meta: { handlesErrors: true },
  });
}

/** POST /register; resolves with the §8 outcome (never rejects). */
export function useRegister() {
  return useAction<RegistrationOutcome, never, RegisterFormOutput>({
    mutationFn: async ({ passwConfirm: _confirmation, ...values }) => {
      try {
        const result = await api('register', {
          body: {
            ...values,
            nick: effectiveNickname(values.nick, values.name, values.surname),
            client_secret: getConfig().clientSecret,
          },
        });
        return registrationSucceeded(result);
      } catch (error) {
        return registrationFailed(error, values.email);
      }
    },
    meta: { handlesErrors: true },
  });
}
