/**
 * Key builders of the judge domain: a job by its ticket, the terminal channel of a job run away from
 * the server, a learner's saved files of a program task and the solutions graded.
 */
import { pad } from '../platform/db/keys';

const STOP = 'I#STOP';
const END = 'END';
const seq = (n: number) => String(n).padStart(6, '0');
const channelItem = (ticket: string, sk: string) => ({ pk: `JUDGEIO#${ticket}`, sk });

export type ChannelItemKind = { kind: 'input' | 'output'; n: number } | { kind: 'stop' | 'end' | 'counter' };

export const judgeKeys = {
  /** A judge job by its ticket (owner, state, result; TTL one day). */
  job: (ticket: string) => ({ pk: `JUDGE#${ticket}`, sk: 'JOB' }),
  /**
   * The terminal channel of a judge job run away from the server (AWS runner Lambda, or the local cloud with
   * JUDGE_CHANNEL=dynamodb): one partition per ticket, own prefix, so the runner's leading-key right never
   * reaches the job records. Sort keys: `IN` (input counter), `I#n` typed input, `I#STOP`, `O#n` output and
   * monitor messages, `END` (numbers zero-padded to six digits so they sort in order).
   */
  channel: {
    /** The channel partition of a ticket (the runner's IAM leading key). */
    partition: (ticket: string) => `JUDGEIO#${ticket}`,
    /** The input counter (`n` last input number, `chars` input so far). */
    inputCounter: (ticket: string) => channelItem(ticket, 'IN'),
    /** The n-th typed input. */
    input: (ticket: string, n: number) => channelItem(ticket, `I#${seq(n)}`),
    /** Stop asked for. */
    stop: (ticket: string) => channelItem(ticket, STOP),
    /** The n-th output or monitor message. */
    output: (ticket: string, n: number) => channelItem(ticket, `O#${seq(n)}`),
    /** The result is stored. */
    end: (ticket: string) => channelItem(ticket, END),
    /** Range of the output and monitor items (`sk BETWEEN from AND to`). */
    outputs: (ticket: string) => ({ pk: `JUDGEIO#${ticket}`, from: 'O#', to: 'O#~' }),
    /** Range of the inputs from number n on, the stop item included (`sk BETWEEN from AND to`). */
    inputsFrom: (ticket: string, n: number) => ({ pk: `JUDGEIO#${ticket}`, from: `I#${seq(n)}`, to: 'I#~' }),
    /** What a channel sort key is: input n, stop, output n, end or the counter. */
    kindOf: (sk: string): ChannelItemKind =>
      sk === STOP
        ? { kind: 'stop' }
        : sk === END
          ? { kind: 'end' }
          : sk.startsWith('I#')
            ? { kind: 'input', n: Number(sk.slice(2)) }
            : sk.startsWith('O#')
              ? { kind: 'output', n: Number(sk.slice(2)) }
              : { kind: 'counter' },
  },
  /** The ticket of a channel item's partition; null for any other partition. */
  ticketOfChannel: (pk: string) => (pk.startsWith('JUDGEIO#') ? pk.slice('JUDGEIO#'.length) : null),
  /** A learner's saved files of a program task (load-program3 / save-program3). */
  savedCode: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `CODE#${pad(taskId)}` }),
  /** One graded evaluation of a learner's program: the files and the grade ("My solutions"). */
  solution: (userId: number, taskId: number, at: string) => ({ pk: `USER#${userId}`, sk: `SOL#${pad(taskId)}#${at}` }),
  /** A learner's graded solutions of a task, oldest first by sort key. */
  solutionsOf: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, prefix: `SOL#${pad(taskId)}#` }),
};
