/**
 * Failed requests that no screen handles end up here; the shell shows them in a modal with an OK
 * button (spec/1 §2, §8). A tiny external store so the query client (outside React) can report.
 */
import { isApiError } from './api-error';

type Listener = () => void;

let queue: unknown[] = [];
const listeners = new Set<Listener>();

const emit = () => listeners.forEach((l) => l());

export function reportRequestFailure(error: unknown): void {
  // Handled already (expired session: silent logout, spec/1 §8).
  if (isApiError(error) && error.handled) return;
  queue = [...queue, error];
  emit();
}

export const requestFailures = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current(): unknown {
    return queue[0];
  },
  dismiss(): void {
    queue = queue.slice(1);
    emit();
  },
  clear(): void {
    queue = [];
    emit();
  },
};
