/** Key builders of the judge domain: a job by its ticket, and a learner's saved files of a program task. */
import { pad } from '../platform/db/keys';

export const judgeKeys = {
  /** A judge job by its ticket (owner, state, result; TTL one day). */
  job: (ticket: string) => ({ pk: `JUDGE#${ticket}`, sk: 'JOB' }),
  /** A learner's saved files of a program task (load-program3 / save-program3). */
  savedCode: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `CODE#${pad(taskId)}` }),
};
