/** zod issues → the `{ message, errors }` body of a 400. */
import type { z } from 'zod';
import { Invalid } from './errors';

export function fieldErrors(error: z.ZodError, prefix?: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
    (out[path] ??= []).push(issue.message);
  }
  return out;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, part: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, part === 'body' ? undefined : part);
  const first = Object.entries(errors)[0];
  throw new Invalid(first ? `${first[0]}: ${first[1][0]}` : 'Invalid input.', errors);
}
