/**
 * The real-time catalogue: every WebSocket message (client→server and server→client) and every
 * domain event, as zod schemas. Handlers validate against these; the web client parses with them.
 */
import * as z from 'zod';

/**
 * Topics a connection can subscribe to: `{kind}:{id}`. The kinds are not listed here: each domain
 * registers its own (topic guard, what a new subscriber is told) with the platform, which answers an
 * unregistered kind with 'Unknown topic'. A new kind (`kernel:`, `group:`) is added by its domain alone.
 */
export const topic = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9_-]{1,64}$/, 'Unknown topic');
export type Topic = z.infer<typeof topic>;

export { topics, parseTopic } from './topics';
export { judgeOutputInOrder } from './judge-output';

// ---------- client → server ----------

export const clientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), topic }),
  z.object({ action: z.literal('unsubscribe'), topic }),
  z.object({ action: z.literal('ping'), id: z.string().max(64).optional() }),
  /** Asks for the caller's `competition.countdown` of a competition they joined (every 30 s, spec/3 §9). */
  z.object({ action: z.literal('competition.sync'), competitionId: z.number().int().min(1).max(2_147_483_647) }),
  /** What the learner types into the terminal of an interactive judge run (owner only). */
  z.object({ action: z.literal('judge.input'), ticket: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/), text: z.string().max(10_000) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

// ---------- server → client ----------

export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), topic }),
  z.object({ type: z.literal('unsubscribed'), topic }),
  z.object({ type: z.literal('pong'), id: z.string().optional(), serverNow: z.number() }),
  z.object({ type: z.literal('error'), message: z.string(), topic: z.string().optional() }),
  z.object({
    type: z.literal('message.new'),
    topic,
    message: z.object({
      message_id: z.number().int(),
      title: z.string(),
      message_type: z.number().int(),
      date: z.string(),
    }),
  }),
  z.object({
    type: z.literal('performance.changed'),
    topic,
    xp: z.number().int(),
    coins: z.number().int(),
  }),
  z.object({
    type: z.literal('competition.countdown'),
    topic,
    competitionId: z.number().int(),
    deadline: z.number(),
    serverNow: z.number(),
  }),
  /** An attempt ended (its owner's topic, with userCompId) or the whole competition did (its topic, without). */
  z.object({
    type: z.literal('competition.closed'),
    topic,
    competitionId: z.number().int(),
    serverNow: z.number(),
    userCompId: z.number().int().optional(),
  }),
  /** The teacher's live board (competition-board:{id}): a learner's attempt changed. */
  z.object({
    type: z.literal('competition.board'),
    topic,
    competitionId: z.number().int(),
    userId: z.number().int(),
    status: z.string(),
    score: z.number(),
  }),
  z.object({
    type: z.literal('judge.progress'),
    topic,
    ticket: z.string(),
    stage: z.enum(['compilation', 'retrieve', 'run', 'evaluate', 'close']),
    text: z.string(),
  }),
  z.object({
    type: z.literal('judge.result'),
    topic,
    ticket: z.string(),
    grade: z.number(),
    output: z.string(),
  }),
  /** A VPL monitor message of a judge job: 'message:…', 'compilation:…', 'run:terminal', 'retrieve:', 'close:'. */
  z.object({ type: z.literal('judge.monitor'), topic, ticket: z.string(), message: z.string() }),
  /**
   * Program output of an interactive judge run, as it comes. `at`: the text's offset in the run's output
   * (a late subscriber is also sent the output so far; `judgeOutputInOrder` shows each character once).
   */
  z.object({ type: z.literal('judge.output'), topic, ticket: z.string(), text: z.string(), at: z.number().int().min(0).optional() }),
  z.object({
    type: z.literal('kernel.status'),
    topic,
    kernelId: z.string(),
    status: z.enum(['starting', 'idle', 'busy', 'dead']),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

// ---------- domain events (stream projections, schedules) ----------

export const domainEvent = z.discriminatedUnion('detailType', [
  z.object({
    detailType: z.literal('MessageCreated'),
    detail: z.object({ userId: z.number().int(), messageId: z.number().int(), title: z.string(), messageType: z.number().int(), date: z.string() }),
  }),
  z.object({
    detailType: z.literal('PerformanceChanged'),
    detail: z.object({ userId: z.number().int(), xp: z.number().int(), coins: z.number().int() }),
  }),
  z.object({
    detailType: z.literal('UserLoggedOut'),
    detail: z.object({ userId: z.number().int(), at: z.string() }),
  }),
]);
export type DomainEvent = z.infer<typeof domainEvent>;
