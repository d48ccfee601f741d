/** The colour picker bound to react-hook-form (field `color` by default), with its error below. */
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useFieldMessage } from '@/components/form/field-messages';
import { ColourField } from './colour-field';

export function FormColourField<T extends FieldValues>({ name = 'color' as Path<T> & string }: { name?: Path<T> & string }) {
  const { control } = useFormContext<T>();
  const message = useFieldMessage();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <ColourField value={field.value} onChange={field.onChange} error={fieldState.error?.message && message(fieldState.error.message)} />
      )}
    />
  );
}
