/** Judge bench helper: graded jobs on a pool of workers, each of which must get 100. */
import { runJob, type JudgeJob } from '../../functions/src/judge/core/job';

/** Runs `jobs` jobs from `make` on `workers` concurrent workers; answers jobs per second. */
export async function gradedPool(make: () => JudgeJob, jobs: number, workers: number): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs) {
        next++;
        const r = await runJob(make());
        if (r.grade !== 100) throw new Error(`grade ${r.grade}\n${r.compilation}\n${r.execution}`);
      }
    }),
  );
  return jobs / ((performance.now() - t) / 1000);
}
