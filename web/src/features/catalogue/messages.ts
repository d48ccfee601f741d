/** The catalogue forms' validation texts that have a translation (the rest are shown as they came). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueNameLengthMessage } from '@lectio/shared/rules/names';

/** The catalogue forms' own rule (forms/schemas.ts); kept here so the texts load without zod. */
export const NAME_REQUIRED = 'A name is required in at least one language.';

export function useCatalogueMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => (text === NAME_REQUIRED ? t('catalogue.form.nameRequired') : text === catalogueNameLengthMessage ? t('catalogue.form.nameLength') : text),
    [t],
  );
}
