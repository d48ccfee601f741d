/**
 * The terminal channel between the server and a judge job: typed input and stop go in, program output and
 * VPL monitor messages come out to `judge:{ticket}` as `judge.output` / `judge.monitor`.
 *
 * Two kinds, chosen by `JUDGE_CHANNEL`:
 * - `pipes` (local cloud default): the job runs in this process's worker pool; input and stop go to it
 *   directly and its output is published from here.
 * - `dynamodb` (AWS, and the local cloud with JUDGE_CHANNEL=dynamodb to test that path): the job runs
 *   elsewhere (the runner Lambda); input, stop and output travel as items of the job's channel partition
 *   (`JUDGEIO#{ticket}`, see dynamo-channel.ts), output items reach the browsers through the table stream
 *   (projection.ts).
 */
import type { ServerMessage } from '@lectio/events';
import { env } from '../../platform/config';
export type ChannelKind = 'pipes' | 'dynamodb';
/** The `type` of every item of a job's channel partition (the stream projection publishes only these). */
export const CHANNEL_ITEM = 'judge-io';
/** What a job sends its owner on `judge:{ticket}`. */
export type JudgeMessage = Extract<ServerMessage, { type: 'judge.monitor' | 'judge.output' }>;

export const channelKind = (): ChannelKind => (env('JUDGE_CHANNEL') === 'dynamodb' ? 'dynamodb' : 'pipes');

/** The server's end of a job's channel. */
export interface JudgeChannel {
  readonly kind: ChannelKind;
  /** Text typed into the terminal; false when refused (too much input, or the job is not running here). */
  input(ticket: string, text: string): Promise<boolean>;
  /** Stops the job (queued or running): '----- interrupted by user -----'. */
  stop(ticket: string): Promise<boolean>;
  /** 'retrieve:' then 'close:', after the result is stored and behind everything the job itself sent. */
  end(ticket: string): Promise<void>;
  /**
   * What a client subscribing to a job that has not ended missed: 'run:terminal' once the program runs
   * interactively, and the output so far, each text with its offset (`at`), so the client shows every
   * character once (`judgeOutputInOrder`) whichever of these and the live batches comes first.
   */
  catchUp(ticket: string): Promise<JudgeMessage[]>;
}

/** The job's end of the channel (where the program runs). */
export interface JobLink {
  /** Input typed since the last call, in order, and whether a stop was asked for. */
  poll(): Promise<{ input: string[]; stop: boolean }>;
  output(text: string): void;
  monitor(message: string): void;
  /** Sends what is still buffered; resolves when it is written. */
  close(): Promise<void>;
}

/** Bounds of the DynamoDB channel (each documented in infra/README.md). */
export const CHANNEL_LIMITS = {
  /** characters per `judge.input` message (the WebSocket schema allows the same) */
  inputPerMessage: 10_000,
  /** characters of input per run (the local pool keeps at most as much before the program starts) */
  inputPerRun: 64_000,
  /** characters of output and monitor text per run written to the channel; beyond, a note and nothing more */
  outputPerRun: 2 * 1024 * 1024,
  /** characters per output item (DynamoDB items stop at 400 KB) */
  chunk: 16_000,
  /** output batching, like the local pool: one item per 30 ms at most while a write is in flight */
  batchMs: 30,
  /** the runner's polling interval for input and stop: fast while the learner types, slower when idle */
  pollActiveMs: 100,
  pollIdleMs: 400,
  idleAfterMs: 5_000,
  /** a missing input number (a writer that failed between counter and item) is skipped after this */
  gapMs: 2_000,
  /** channel items live one hour (DynamoDB TTL) */
  ttlSeconds: 3600,
} as const;
