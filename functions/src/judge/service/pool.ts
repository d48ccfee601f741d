/**
 * The local cloud's judge workers: a bounded pool (JUDGE_WORKERS, default the number of cores) that runs
 * each learner's jobs one after the other (a second run waits until the first has reported its grade),
 * keeps what is typed into an interactive run until the program starts, and stops queued or running jobs.
 * In AWS the same ordering comes from the FIFO queue's message group (one group per user).
 */
import { availableParallelism } from 'node:os';
import { registerInputSink } from './input';
import { startJob, type JobEvents, type JudgeJob, type JudgeResult, type RunningJob } from '../core/job';
import { useSpareBoxes } from '../sandbox/sandbox';
import { env } from '../../platform/config';

interface Entry {
  running: RunningJob | null;
  pendingInput: string;
  stopped: boolean;
}

export class JudgePool {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly entries = new Map<string, Entry>();

  constructor(readonly size = Math.max(1, env('JUDGE_WORKERS') ?? availableParallelism())) {
    // a long-running worker keeps one box per worker ready, so a job does not wait for bubblewrap
    useSpareBoxes(size);
  }

  private async slot(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  /** Runs `work` in a free slot after the owner's earlier jobs (one job at a time per learner). */
  private enqueue<T>(ownerId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(ownerId) ?? Promise.resolve();
    const result = previous
      .catch(() => undefined)
      .then(async () => {
        await this.slot();
        try {
          return await work();
        } finally {
          this.release();
        }
      });
    this.chains.set(ownerId, result);
    void result.finally(() => {
      if (this.chains.get(ownerId) === result) this.chains.delete(ownerId);
    });
    return result;
  }

  /** Queues a job; resolves with its result (an interrupted, empty result when stopped while queued). */
  submit(ticket: string, ownerId: number, job: JudgeJob, events: JobEvents): Promise<JudgeResult> {
    const entry: Entry = { running: null, pendingInput: '', stopped: false };
    this.entries.set(ticket, entry);
    return this.enqueue(ownerId, async () => {
      try {
        if (entry.stopped) {
          return { compilation: '', execution: '\n----- interrupted by user -----\n', grade: null, comments: [], interrupted: true, log: [] } satisfies JudgeResult;
        }
        entry.running = startJob(job, events);
        if (entry.pendingInput) entry.running.write(entry.pendingInput);
        return await entry.running.result;
      } finally {
        entry.running = null;
        this.entries.delete(ticket);
      }
    });
  }

  /**
   * Queues a job that talks through another channel (JUDGE_CHANNEL=dynamodb: input, stop and output go
   * through the table, as with the runner Lambda); the pool only gives it a slot and the learner's order.
   */
  submitDetached(ownerId: number, run: () => Promise<JudgeResult>): Promise<JudgeResult> {
    return this.enqueue(ownerId, run);
  }

  /** Text typed into an interactive run (kept until the program starts). */
  input(ticket: string, text: string): boolean {
    const entry = this.entries.get(ticket);
    if (!entry) return false;
    if (entry.running) entry.running.write(text);
    else if (entry.pendingInput.length < 64_000) entry.pendingInput += text;
    return true;
  }

  stop(ticket: string): boolean {
    const entry = this.entries.get(ticket);
    if (!entry) return false;
    entry.stopped = true;
    entry.running?.stop();
    return true;
  }

  get busy() {
    return this.active;
  }
}

let pool: JudgePool | undefined;
export const judgePool = () => {
  if (!pool) {
    const created = new JudgePool();
    registerInputSink((ticket, text) => created.input(ticket, text));
    pool = created;
  }
  return pool;
};
