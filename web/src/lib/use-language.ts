/**
 * Changing the UI language from the header: switches i18next at once and remembers the choice in
 * local storage; when logged in the server stores it too (change-user-language) and language-
 * dependent queries are refetched.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { useTranslation } from 'react-i18next';
import { languageByCode, languages, type LanguageCode } from '@lectio/shared/languages';
import { api } from './api-client';
import { useSession } from './auth';
import { switchLanguage } from './i18n';
import { storage } from './storage';

export { languages };

export function useLanguageSwitch() {
  const { i18n } = useTranslation();
  const { status, setUserLanguage } = useSession();
  const queryClient = useQueryClient();
  const store = useAction({
    mutationFn: (langId: number) => api('changeUserLanguage', { body: { lang: langId } }),
    onSuccess: (result) => {
      setUserLanguage(result.lang_id);
      void queryClient.invalidateQueries();
    },
    // Each switch is sent; the last one is the account's language.
  }, { concurrent: true });

  const current = (languageByCode(i18n.resolvedLanguage ?? i18n.language)?.shortcut ?? 'en') as LanguageCode;

  const change = (code: LanguageCode) => {
    const language = languageByCode(code);
    if (!language) return;
    storage.set('lang', code);
    void switchLanguage(code);
    if (status === 'authenticated') store.mutate(language.id);
  };

  return { current, change, pending: store.isPending };
}
