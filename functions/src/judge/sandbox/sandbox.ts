/**
 * The judge's sandbox: one per job, it owns the job's work directory and every process started in it.
 * The parts, each in its own module:
 * - `environment.ts`: which mode this worker runs (namespaces by default; `rlimits` only when the operator
 *   sets JUDGE_SANDBOX=rlimits; no namespaces and no setting → the judge refuses), and bubblewrap's mounts;
 * - `helpers.ts`: the C helpers (vpl-pty, vpl-box, vpl-guard, vpl-nodump), compiled on first use;
 * - `cgroups.ts`: the job's memory, pids and CPU groups and `cgroup.kill`;
 * - `box.ts`: the job's bubblewrap box and its supervisor (one box per job, each process entered into it);
 * - `process.ts`: starting one process and the worker's watch over it (output, wall time, CPU, memory);
 * - `work-dir.ts`: the job's files on the host (no path out of the directory, no link followed);
 * - `sweep.ts`: the `rlimits` mode's end of a job (every process of the sandbox user, shared temp files);
 * - here: the sandbox of one job, which ties them together, and the spare boxes started ahead.
 *
 * How processes start (`namespaces` mode with `vpl-box`, the default): `setpriv` → `bwrap` runs
 * `vpl-box hold` as the box's PID 1, and `vpl-box serve`, the job's supervisor, joins the job's cgroups
 * once and enters the box's namespaces and root from the host. For each process of the job (build script,
 * each test case, the evaluate program) the worker spawns `vpl-box run`, which passes its stdio, argv,
 * environment and limits over the supervisor's unix socket (root only, outside the box); the supervisor
 * forks the program in the box, sets its rlimits, drops to the sandbox user with no capabilities and no
 * new privileges, closes every descriptor above 2, and reports its exit status. When a program ends or is
 * killed, the supervisor kills every other process of the box before it answers. At the end of the job
 * `cgroup.kill`, the end of PID 1 (the kernel then kills the whole PID namespace) and the removal of the
 * work directory and cgroups end everything.
 * Without vpl-box (no C compiler for it, or JUDGE_BOX=per-process) each process goes through `/bin/sh`
 * (joins the cgroups, merges stderr into stdout when asked) → `prlimit` → `setpriv` → `bwrap` → `vpl-guard`
 * (closes inherited descriptors) → the program; the `rlimits` mode uses `env -i` instead of `bwrap` and
 * `vpl-guard --no-net` (seccomp: no network sockets, no ptrace).
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { JobBox } from './box';
import { JobCgroups } from './cgroups';
import { BOX_HOME, sandboxEnvironment, type SandboxEnvironment } from './environment';
import { notStarted, startProcess, type ProcessHost, type ProcessOutcome, type RunOptions, type SandboxProcess } from './process';
import { sweepSharedTemp, sweepUser, userProcesses } from './sweep';
import { WorkDir } from './work-dir';
import { env } from '../../platform/config';

export { BOX_HOME, detectSandbox, sandboxEnvironment, SandboxUnavailable, SANDBOX_SETTING, type SandboxEnvironment, type SandboxMode } from './environment';
export type { ProcessOutcome, RunOptions, SandboxProcess } from './process';
export { safeRelativePath } from './work-dir';

/**
 * Spare boxes: with the job box helper, the next jobs' boxes (work directory, cgroups, bubblewrap and
 * supervisor) are started ahead, while the worker waits or runs a job, so a job does not wait for its box.
 * A spare is fresh (nothing ran in it) and serves exactly one job. Long-running workers turn them on
 * (`useSpareBoxes`: the local cloud's judge pool, the benchmark); JUDGE_SPARE_BOXES (0-8) overrides.
 * Off by default, so short-lived processes (tests, scripts) leave nothing behind.
 */
const spares: Sandbox[] = [];
let spareDefault = 0;
/** Keeps `count` spare boxes ready from the next job on (0 turns them off). */
export function useSpareBoxes(count: number): void {
  spareDefault = Math.max(0, Math.min(8, Math.trunc(count)));
}
function spareCount(): number {
  const n = env('JUDGE_SPARE_BOXES') ?? spareDefault;
  return Number.isFinite(n) ? Math.max(0, Math.min(8, Math.trunc(n))) : spareDefault;
}
let spareCleanup = false;

export class Sandbox {
  /**
   * The sandbox of a new job: a spare one started ahead when the job box helper is there (and another
   * spare is started in its place), else a new one.
   */
  static create(): Sandbox {
    const env = sandboxEnvironment();
    const wanted = spareCount();
    if (env.mode !== 'namespaces' || env.boxHelper === null || wanted === 0) return new Sandbox(env);
    const box = spares.shift() ?? new Sandbox(env);
    // a spare started before a set-up change (tests swap the environment) is not used
    if (box.env !== env) return new Sandbox(env);
    while (spares.length < wanted) spares.push(new Sandbox(env));
    if (!spareCleanup) {
      spareCleanup = true;
      process.once('exit', () => {
        for (const spare of spares.splice(0)) spare.disposeNow();
      });
    }
    return box;
  }

  readonly id = randomBytes(12).toString('hex');
  /** Host path of the work directory. */
  readonly dir: string;
  /** The work directory as the programs see it. */
  readonly home: string;
  private readonly files: WorkDir;
  private readonly cgroups: JobCgroups | null;
  /** The job's box (vpl-box mode), else null: a chain per process. */
  private readonly box: JobBox | null;
  private readonly live = new Set<ChildProcess>();
  private disposed = false;

  constructor(readonly env: SandboxEnvironment = sandboxEnvironment()) {
    this.dir = join(this.env.root, this.id);
    this.files = new WorkDir(this.dir, this.env.dropUid);
    this.home = this.env.mode === 'namespaces' ? BOX_HOME : this.dir;
    const boxMode = this.env.mode === 'namespaces' && this.env.boxHelper !== null;
    this.cgroups = this.env.cgroups ? new JobCgroups(this.id, boxMode) : null;
    this.box = boxMode ? new JobBox(this.env, this.dir, this.cgroupPaths, `${this.dir}.sock`) : null;
    // the box starts while the job writes its files
    void this.box?.ready().catch(() => undefined);
  }

  /** The job's cgroup directories (removed by `dispose`, which only succeeds once they are empty). */
  get cgroupPaths(): string[] {
    return this.cgroups?.paths ?? [];
  }

  writeFile(name: string, content: string | Buffer, mode = 0o644): void {
    this.files.writeFile(name, content, mode);
  }
  readFile(name: string, maxBytes = 1 << 20): string | null {
    return this.files.readFile(name, maxBytes);
  }
  exists(name: string): boolean {
    return this.files.exists(name);
  }
  remove(name: string): void {
    this.files.remove(name);
  }
  rename(from: string, to: string): boolean {
    return this.files.rename(from, to);
  }

  /** Kills every process of this job (or of one process's tree): cgroup.kill, process group, user sweep. */
  killAll(child?: ChildProcess): void {
    // in a job's box, killing a process's vpl-box caller makes the supervisor kill it and sweep the box;
    // cgroup.kill (which would end the supervisor too) is for the end of the job
    if (!(child && this.box)) this.cgroups?.kill();
    for (const c of child ? [child] : this.live) {
      try {
        if (c.pid) process.kill(-c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (this.env.mode === 'rlimits') sweepUser(this.env.dropUid);
  }

  private host(inBox: boolean): ProcessHost {
    return {
      env: this.env,
      dir: this.dir,
      home: this.home,
      cgroups: this.cgroups,
      boxSocket: inBox ? this.box!.socketPath : null,
      track: (c) => this.live.add(c),
      untrack: (c) => this.live.delete(c),
      killTree: (c) => this.killAll(c),
    };
  }

  run(options: RunOptions): SandboxProcess {
    if (this.disposed) throw new Error('Sandbox disposed');
    if (!this.box) return startProcess(this.host(false), options);
    // in a job's box: the process starts once the box runs (at once after the job's first process)
    let inner: SandboxProcess | null = null;
    const writes: string[] = [];
    let closeInput = false;
    let kill = false;
    const keepAlive = setInterval(() => undefined, 60_000);
    const done = this.box.ready().then(
      () => {
        clearInterval(keepAlive);
        if (this.disposed) throw new Error('Sandbox disposed');
        inner = startProcess(this.host(true), options);
        for (const w of writes) inner.write(w);
        if (closeInput) inner.closeInput();
        if (kill) inner.kill();
        return inner.done;
      },
      (e: Error): ProcessOutcome => (clearInterval(keepAlive), notStarted(e.message, kill)),
    );
    return {
      write: (text) => (inner ? inner.write(text) : void writes.push(text)),
      closeInput: () => (inner ? inner.closeInput() : void (closeInput = true)),
      kill: () => (inner ? inner.kill() : void (kill = true)),
      done,
    };
  }

  /** At the worker's exit (spares): ends the box at once and removes what can be removed synchronously. */
  private disposeNow(): void {
    this.disposed = true;
    this.box?.stopNow();
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 50 && this.cgroups && !this.cgroups.tryRemove(); i++) Atomics.wait(pause, 0, 0, 2);
    this.files.removeAll();
  }

  /** Ends every process of the job, removes its cgroups and its work directory. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.killAll();
    await this.box?.stop();
    // a cgroup can be removed once the killed processes are reaped
    for (let i = 0; i < 100 && this.cgroups && !this.cgroups.tryRemove(); i++) {
      this.killAll();
      await new Promise((r) => setTimeout(r, 20));
    }
    this.files.removeAll();
    if (this.env.mode === 'rlimits') {
      sweepSharedTemp(this.env.dropUid);
      // killed processes count against RLIMIT_NPROC until init reaps them: the next job waits for that
      const uid = this.env.dropUid;
      for (let i = 0; uid !== null && i < 150 && userProcesses(uid, true).length > 0; i++) {
        sweepUser(uid);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
}
