/** The name of one language panel, bound to `texts.{langId}.content` of a bilingual form. */
import { FormTextField } from '@/components/form/form-fields';

export function NameField({ langId, lang, label, hint }: { langId: number; lang: string; label: string; hint?: string }) {
  return (
    <FormTextField
      name={`texts.${langId}.content`}
      label={label}
      hint={hint}
      slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
    />
  );
}
