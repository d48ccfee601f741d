/**
 * react-hook-form driven by a zod schema (usually built from the route registry's schemas): the
 * form's values are the schema's input, the submit handler receives its output, and the errors
 * land on the fields by path. Validation runs on blur, then on every change of a touched field.
 */
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}
