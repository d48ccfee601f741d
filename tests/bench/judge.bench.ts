/**
 * Judge benchmarks (no HTTP: the judge core and its sandbox):
 * - the time the sandbox adds to one process, against the bare process in the same run (interleaved);
 * - a graded 3-case Python job against the bare time of the same steps (build script, 3 runs);
 * - throughput of graded type-8 jobs (3 cases each) for Python, Java and C++ on a worker pool of 2.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runJob, type JudgeJob } from '../../functions/src/judge/core/job';
import { defaultRunScript } from '../../functions/src/judge/languages/run-scripts';
import { DEFAULT_RUN_LIMITS } from '../../functions/src/judge/sandbox/limits';
import { Sandbox, sandboxEnvironment } from '../../functions/src/judge/sandbox/sandbox';
import type { Bench } from './run';
import { percentiles, report } from './stats';

const CASES = 'case=small\ninput=1 2\noutput=3\ncase=negative\ninput=-5 2\noutput=-3\ncase=big\ninput=1000000 2000000\noutput=3000000\n';
const PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SOLUTIONS = {
  python: { ext: 'py', files: [{ name: 'main.py', content: PY }] },
  java: { ext: 'java', files: [{ name: 'Main.java', content: 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n' }] },
  cpp: { ext: 'cpp', files: [{ name: 'main.cpp', content: '#include <iostream>\nint main(){ long a,b; std::cin>>a>>b; std::cout<<a+b<<std::endl; }\n' }] },
} as const;

const job = (lang: keyof typeof SOLUTIONS): JudgeJob => ({
  kind: 'evaluate',
  extension: SOLUTIONS[lang].ext,
  submittedFiles: [...SOLUTIONS[lang].files],
  keepFiles: [],
  configFiles: [{ name: 'vpl_evaluate.cases', content: CASES }],
});

/** Runs a process without any sandbox and waits for it (the bare reference). */
function bare(argv: string[], cwd: string, input = '', env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env: { PATH: '/usr/bin:/bin', HOME: cwd, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

const median = (xs: number[]) => percentiles(xs).p50;

async function sandboxOverhead() {
  const box = new Sandbox();
  const dir = mkdtempSync(join(tmpdir(), 'judge-bench-'));
  const bareT: number[] = [];
  const boxT: number[] = [];
  const argv = ['/usr/bin/python3', '-c', 'pass'];
  for (let i = 0; i < 50; i++) {
    let t = performance.now();
    await bare(argv, dir);
    bareT.push(performance.now() - t);
    t = performance.now();
    await box.run({ argv, limits: DEFAULT_RUN_LIMITS, input: '' }).done;
    boxT.push(performance.now() - t);
  }
  await box.dispose();
  rmSync(dir, { recursive: true, force: true });
  report('python3 -c pass, bare', bareT.slice(5));
  report('python3 -c pass, sandboxed', boxT.slice(5));
  console.log(`sandbox overhead per process (median difference): ${(median(boxT.slice(5)) - median(bareT.slice(5))).toFixed(1)} ms  (target ≤ 15 ms)`);
}

/** The same steps as a graded job, without the sandbox: build script, then each case's program. */
async function bareJob(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'judge-bench-'));
  writeFileSync(join(dir, 'main.py'), PY);
  writeFileSync(join(dir, 'vpl_environment.sh'), "export VPL_SUBFILE0='main.py'\n");
  writeFileSync(join(dir, 'vpl_run.sh'), defaultRunScript('python'), { mode: 0o755 });
  await bare(['/bin/bash', './vpl_run.sh', 'batch'], dir);
  for (const input of ['1 2\n', '-5 2\n', '1000000 2000000\n']) await bare(['./vpl_execution'], dir, input);
  rmSync(dir, { recursive: true, force: true });
}

async function gradedJobRatio() {
  const bareT: number[] = [];
  const judged: number[] = [];
  for (let i = 0; i < 25; i++) {
    let t = performance.now();
    await bareJob();
    bareT.push(performance.now() - t);
    t = performance.now();
    const r = await runJob(job('python'));
    judged.push(performance.now() - t);
    if (r.grade !== 100) throw new Error(`unexpected grade ${r.grade}\n${r.compilation}\n${r.execution}`);
  }
  report('graded 3-case Python job, bare steps', bareT.slice(3));
  report('graded 3-case Python job, judged', judged.slice(3));
  console.log(`graded job / bare steps: ${(median(judged.slice(3)) / median(bareT.slice(3))).toFixed(2)}×  (target ≤ 1.3×)`);
}

async function throughput(lang: keyof typeof SOLUTIONS, jobs: number, workers = 2) {
  await runJob(job(lang));
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs) {
        next++;
        const r = await runJob(job(lang));
        if (r.grade !== 100) throw new Error(`${lang}: grade ${r.grade}`);
      }
    }),
  );
  const s = (performance.now() - t) / 1000;
  console.log(`throughput ${lang.padEnd(6)} ${jobs} graded jobs (3 cases) on ${workers} workers: ${(jobs / s).toFixed(2)} jobs/s`);
}

export const judge: Bench = {
  name: 'judge',
  run: async () => {
    console.log(sandboxEnvironment().description);
    await sandboxOverhead();
    await gradedJobRatio();
    await throughput('python', 60);
    await throughput('java', 12);
    await throughput('cpp', 12);
  },
};
