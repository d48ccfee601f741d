/**
 * Topic names without zod (the web's first screen imports these; the schemas in index.ts load later):
 * `{kind}:{id}`, spelled once for the platform's first domains, their publishers and the web client.
 */

/** A topic a connection can subscribe to (index.ts's `topic` schema checks its form). */
export type Topic = string;

export const topics = {
  user: (userId: number | string) => `user:${userId}` as Topic,
  competition: (id: number | string) => `competition:${id}` as Topic,
  judge: (ticket: string) => `judge:${ticket}` as Topic,
};

export const parseTopic = (t: Topic): { kind: string; id: string } => {
  const at = t.indexOf(':');
  return { kind: t.slice(0, at), id: t.slice(at + 1) };
};
