/** A task's stored content (JSON text) read with its type's schema for a viewer: null when it does not parse. */
import { useMemo } from 'react';
import type * as z from 'zod';

export function useParsedContent<S extends z.ZodType>(schema: S, content: string): z.output<S> | null {
  return useMemo(() => {
    try {
      return schema.parse(JSON.parse(content || '{}'));
    } catch {
      return null;
    }
  }, [schema, content]);
}
