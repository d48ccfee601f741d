/**
 * A select of ids (a category, an area …) bound to react-hook-form: the value is the number, the
 * field's error is its helper text in the UI language, and its ref lets a failed submit focus it.
 */
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select, type SxProps, type Theme } from '@mui/material';
import { useFieldMessage } from './field-messages';

export function FormIdSelect<T extends FieldValues>({
  name,
  label,
  options,
  testId,
  fullWidth,
  sx,
}: {
  name: Path<T> & string;
  label: string;
  options: Array<{ id: number; label: string }>;
  testId: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { control } = useFormContext<T>();
  const message = useFieldMessage();
  const labelId = `${name}-label`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormControl fullWidth={Boolean(fullWidth)} size="small" error={Boolean(fieldState.error)} {...(sx ? { sx } : {})}>
          <InputLabel id={labelId}>{label}</InputLabel>
          <Select
            labelId={labelId}
            label={label}
            value={options.some((o) => o.id === field.value) ? field.value : ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            data-testid={testId}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.label}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error?.message && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
