/**
 * Answers amplify's get/post mocks by route path, the way amplify does: a 2xx resolves with a
 * body, anything else rejects with an error carrying `response: { statusCode, body }`.
 */
import { vi } from 'vitest';

export type Reply = { status: number; body: unknown };
export type Handler = (request: {
  path: string;
  options?: { headers?: Record<string, string>; body?: unknown };
}) => Reply;

export function fakeTransport(handlers: Record<string, Handler>) {
  const calls: Array<{ path: string; options?: { headers?: Record<string, string>; body?: unknown } }> = [];
  const impl = (input: { path: string; options?: { headers?: Record<string, string>; body?: unknown } }) => {
    calls.push(input);
    const handler = handlers[input.path];
    const reply = handler ? handler(input) : { status: 404, body: { message: 'Not found' } };
    const text = JSON.stringify(reply.body);
    const response =
      reply.status < 300
        ? Promise.resolve({ statusCode: reply.status, headers: {}, body: { text: async () => text } })
        : Promise.reject(
            Object.assign(new Error('Unknown error'), {
              response: { statusCode: reply.status, headers: {}, body: text },
            }),
          );
    return { response, cancel: vi.fn() };
  };
  return { impl, calls };
}
