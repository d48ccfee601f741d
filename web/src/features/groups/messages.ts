/** The group forms' validation texts (spec/3 §5, shared groupTexts) in the UI language; other texts pass through. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { groupTexts } from '@lectio/shared/api/plain-texts';

const keyOf: Record<string, keyof typeof groupTexts> = Object.fromEntries(Object.entries(groupTexts).map(([key, text]) => [text, key as keyof typeof groupTexts]));

export function useGroupsMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback((text: string) => {
    const key = keyOf[text];
    return key ? t(`groups.messages.${key}`) : text;
  }, [t]);
}
