/** The catalogue forms' validation texts that have a translation (the rest are shown as they came). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueNameLengthMessage } from '@lectio/shared';
import { NAME_REQUIRED } from './forms/schemas';

export function useCatalogueMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => (text === NAME_REQUIRED ? t('catalogue.form.nameRequired') : text === catalogueNameLengthMessage ? t('catalogue.form.nameLength') : text),
    [t],
  );
}
