/**
 * Runs one judge job at the far end of a channel (the runner Lambda in AWS; the local worker pool with
 * JUDGE_CHANNEL=dynamodb): the job's monitor messages and output go into the channel, typed input and a stop
 * come from it by polling. The polling ends with the job, and at the latest at `deadline` (build + run wall
 * time and a margin, or what the Lambda has left), when the job is stopped.
 */
import { DEFAULT_BUILD_LIMITS, DEFAULT_RUN_LIMITS, resolveLimits } from '../sandbox/limits';
import { startJob, type JudgeJob, type JudgeResult } from '../core/job';
import { logger } from '../../platform/http/logger';
import { CHANNEL_LIMITS, type JobLink } from './channel';

/** The longest a job may take: its build and run wall times and 10 s. */
export function jobWallMs(job: JudgeJob): number {
  return (resolveLimits(DEFAULT_BUILD_LIMITS, job.buildLimits).wallSeconds + resolveLimits(DEFAULT_RUN_LIMITS, job.limits).wallSeconds + 10) * 1000;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runOverChannel(job: JudgeJob, link: JobLink, options: { deadline?: number } = {}): Promise<JudgeResult> {
  const deadline = Math.min(options.deadline ?? Infinity, Date.now() + jobWallMs(job));
  const running = startJob(job, {
    // the end ('retrieve:', 'close:') is announced once the result is stored
    onMonitor: (m) => m !== 'retrieve:' && m !== 'close:' && link.monitor(m),
    onOutput: (t) => link.output(t),
  });
  let done = false;
  const result = running.result.finally(() => {
    done = true;
  });
  let lastInput = Date.now();
  while (!done) {
    try {
      const { input, stop } = await link.poll();
      for (const text of input) running.write(text);
      if (input.length) lastInput = Date.now();
      if (stop) {
        running.stop();
        break;
      }
    } catch (e) {
      logger.warn('judge channel poll failed', { error: String(e) });
    }
    if (Date.now() >= deadline) {
      running.stop();
      break;
    }
    const wait = Date.now() - lastInput > CHANNEL_LIMITS.idleAfterMs ? CHANNEL_LIMITS.pollIdleMs : CHANNEL_LIMITS.pollActiveMs;
    await Promise.race([result, sleep(wait)]);
  }
  try {
    return await result;
  } finally {
    await link.close();
  }
}
