/**
 * Key builders of the judge domain: a job by its ticket, the terminal channel of a job run away from
 * the server, a learner's saved files of a program task and the solutions graded.
 */
import { pad } from '../platform/db/keys';

export const judgeKeys = {
  /** A judge job by its ticket (owner, state, result; TTL one day). */
  job: (ticket: string) => ({ pk: `JUDGE#${ticket}`, sk: 'JOB' }),
  /**
   * The terminal channel of a judge job run away from the server (AWS runner Lambda, or the local cloud with
   * JUDGE_CHANNEL=dynamodb): `IN` (input counter), `I#n` typed input, `I#STOP`, `O#n` output and monitor
   * messages, `END`. Own partition prefix, so the runner's leading-key right never reaches the job records.
   */
  channel: (ticket: string, sk: string) => ({ pk: `JUDGEIO#${ticket}`, sk }),
  /** The ticket of a channel item's partition; null for any other partition. */
  ticketOfChannel: (pk: string) => (pk.startsWith('JUDGEIO#') ? pk.slice('JUDGEIO#'.length) : null),
  /** A learner's saved files of a program task (load-program3 / save-program3). */
  savedCode: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `CODE#${pad(taskId)}` }),
  /** One graded evaluation of a learner's program: the files and the grade ("My solutions"). */
  solution: (userId: number, taskId: number, at: string) => ({ pk: `USER#${userId}`, sk: `SOL#${pad(taskId)}#${at}` }),
  /** A learner's graded solutions of a task, oldest first by sort key. */
  solutionsOf: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, prefix: `SOL#${pad(taskId)}#` }),
};
