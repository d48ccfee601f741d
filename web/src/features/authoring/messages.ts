/** The authoring forms' validation texts that have a translation (the rest are shown as they came, e.g. the spec's own texts). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { STRUCTURE_NAME_REQUIRED } from './forms/schemas';

export function useAuthoringMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback((text: string) => (text === STRUCTURE_NAME_REQUIRED ? t('authoring.chapterForm.nameRequired') : text), [t]);
}
