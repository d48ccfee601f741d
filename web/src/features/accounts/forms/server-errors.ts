/** A 400's `errors { field: [messages] }` put onto the form's inputs (first message per field). */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Record<string, string[]> | undefined,
  fields: ReadonlyArray<Path<T>>,
): boolean {
  if (!errors) return false;
  const known = fields.filter((field) => errors[field]?.length);
  known.forEach((field, index) => setError(field, { type: 'server', message: errors[field]![0]! }, { shouldFocus: index === 0 }));
  return known.length > 0;
}
