/** The name of one language panel, bound to `texts.{langId}.content` of a bilingual form. */
import { FormTextField } from '@/components/form/form-fields';

export function NameField({ langId, lang, label }: { langId: number; lang: string; label: string }) {
  return <FormTextField name={`texts.${langId}.content`} label={label} slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }} />;
}
