/**
 * The judge runner Lambda (container image with the toolchains, see infra/judge-runner/Dockerfile): one job
 * per invocation, run in the `rlimits` sandbox (user namespaces are blocked in Lambda). It has no AWS rights
 * beyond its own logs: the job comes in the invocation and the result goes back as its return value, which
 * the orchestrator stores. At the end every process but the runner itself is killed and the work area is
 * emptied, so nothing of one learner's job survives into the next invocation of this environment.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runJob, type JudgeJob, type JudgeResult } from './core/job';

export interface RunnerEvent {
  ticket: string;
  job: JudgeJob;
}

/** Kills every process of this environment except the runner (and its parent, the Lambda runtime init). */
export function killEverythingElse(): void {
  const keep = new Set([process.pid, process.ppid, 1]);
  for (let round = 0; round < 10; round++) {
    let killed = 0;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || keep.has(pid)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // not ours or gone
      }
    }
    if (!killed) break;
  }
}

/** Empties the work area (/tmp) but keeps the prebuilt tools. */
export function emptyWorkArea(root = process.env.JUDGE_WORK_ROOT ?? '/tmp/lectio-judge'): void {
  for (const base of ['/tmp', root]) {
    try {
      for (const entry of readdirSync(base)) {
        const path = join(base, entry);
        if (path === root || entry === 'tools') continue;
        rmSync(path, { recursive: true, force: true });
      }
    } catch {
      // not there
    }
  }
}

export const handler = async (event: RunnerEvent): Promise<JudgeResult> => {
  try {
    return await runJob(event.job);
  } finally {
    killEverythingElse();
    emptyWorkArea();
  }
};
