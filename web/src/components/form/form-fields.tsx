/**
 * MUI inputs bound to react-hook-form (through the form context): every input has a label, its
 * error text is the helper text (linked with aria-describedby) in the UI language, and its ref is
 * the focusable element so a failed submit focuses the first error.
 */
import { useId, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import {
  Autocomplete,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Slider,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { useFieldMessage } from './field-messages';

type TextInputProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  name: string;
  /** Shown when there is no error. */
  hint?: ReactNode;
};

export function FormTextField<T extends FieldValues>({ name, hint, helperText: _ignored, ...props }: TextInputProps) {
  const { bind, helper } = useFormField<T>(name);
  return (
    <Controller
      {...bind}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={props.id ?? `field-${name}`}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={helper(fieldState.error, hint)}
          fullWidth
        />
      )}
    />
  );
}

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/** A select of a few choices (language, group). */
export function FormSelectField<T extends FieldValues>({
  name,
  label,
  choices,
  required,
  onValueChange,
}: {
  name: string;
  label: string;
  choices: Array<Choice<string | number>>;
  required?: boolean;
  onValueChange?: (value: string | number) => void;
}) {
  const { bind, helper } = useFormField<T>(name);
  return (
    <Controller
      {...bind}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`field-${name}`}
          name={field.name}
          label={label}
          required={required}
          value={field.value ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            const value = typeof choices[0]?.value === 'number' ? Number(raw) : raw;
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={helper(fieldState.error)}
          fullWidth
        >
          {choices.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Country: type to filter the full list (names in the UI language). */
export function CountryField<T extends FieldValues>({
  name,
  label,
  countries,
}: {
  name: string;
  label: string;
  countries: Array<{ id: number; country_name: string }>;
}) {
  const { bind, helper } = useFormField<T>(name);
  return (
    <Controller
      {...bind}
      render={({ field, fieldState }) => (
        <Autocomplete
          id={`field-${name}`}
          options={countries}
          value={countries.find((c) => c.id === field.value) ?? null}
          onChange={(_, option) => field.onChange(option?.id ?? null)}
          onBlur={field.onBlur}
          getOptionLabel={(option) => option.country_name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionKey={(option) => option.id}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              label={label}
              required
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={helper(fieldState.error)}
            />
          )}
        />
      )}
    />
  );
}

/** Year of birth (spec/1 §5): a slider from `min` to the current year; arrows, Page keys, Home/End. */
export function YearSliderField<T extends FieldValues>({
  name,
  label,
  min,
  max,
  hint,
}: {
  name: string;
  label: string;
  min: number;
  max: number;
  hint: string;
}) {
  const { bind, helper } = useFormField<T>(name);
  const labelId = useId();
  const helperId = useId();
  return (
    <Controller
      {...bind}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} fullWidth>
          <FormLabel id={labelId} required>
            {label}: <strong data-testid={`${name}-value`}>{field.value}</strong>
          </FormLabel>
          <Slider
            ref={(root: HTMLSpanElement | null) => field.ref(root?.querySelector('input') ?? null)}
            value={Number(field.value)}
            min={min}
            max={max}
            step={1}
            shiftStep={10}
            marks={[
              { value: min, label: String(min) },
              { value: max, label: String(max) },
            ]}
            valueLabelDisplay="auto"
            onChange={(_, value) => field.onChange(value as number)}
            onBlur={field.onBlur}
            aria-labelledby={labelId}
            slotProps={{
              input: {
                name: field.name,
                'aria-describedby': helperId,
                'aria-invalid': Boolean(fieldState.error),
              },
            }}
            sx={{ mx: 1.5, width: 'auto' }}
          />
          <FormHelperText id={helperId}>{helper(fieldState.error, hint)}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

/** A group of radio buttons with a legend (student type, theme). */
export function RadioChoiceField<T extends FieldValues>({
  name,
  label,
  choices,
  required,
  row,
}: {
  name: string;
  label: string;
  choices: Array<Choice<number>>;
  required?: boolean;
  row?: boolean;
}) {
  const { bind, helper } = useFormField<T>(name);
  const labelId = useId();
  const helperId = useId();
  return (
    <Controller
      {...bind}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} fullWidth>
          <FormLabel component="legend" id={labelId} required={required}>
            {label}
          </FormLabel>
          <RadioGroup
            row={row}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            aria-labelledby={labelId}
            aria-describedby={helperId}
          >
            {choices.map((choice, index) => (
              <FormControlLabel
                key={choice.value}
                value={choice.value}
                label={choice.label}
                control={
                  <Radio
                    slotProps={{
                      input: {
                        ...(index === 0 ? { ref: field.ref } : {}),
                        'aria-invalid': Boolean(fieldState.error),
                      },
                    }}
                  />
                }
                data-testid={`${name}-${choice.value}`}
              />
            ))}
          </RadioGroup>
          <FormHelperText id={helperId}>{helper(fieldState.error)}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
/** A field of the surrounding form: what binds its Controller, and the text under it (the translated error, else the hint). */
function useFormField<T extends FieldValues>(name: string) {
  const { control } = useFormContext<T>();
  const message = useFieldMessage();
  return {
    bind: { name: name as Path<T>, control },
    helper: (error: FieldError | undefined, hint: ReactNode = ' ') => (error?.message ? message(error.message) : hint),
  };
}
