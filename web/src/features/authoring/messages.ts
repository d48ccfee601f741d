/** The authoring forms' validation texts that have a translation (the rest are shown as they came, e.g. the spec's own texts). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A name in at least one shown language (the server's rule), shown under both name fields (forms/schemas.ts); kept here so the texts load without zod. */
export const STRUCTURE_NAME_REQUIRED = 'Enter a name in at least one language.';

export function useAuthoringMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback((text: string) => (text === STRUCTURE_NAME_REQUIRED ? t('authoring.chapterForm.nameRequired') : text), [t]);
}
