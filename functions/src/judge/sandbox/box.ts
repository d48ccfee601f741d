/**
 * The job's box (namespaces mode with the vpl-box helper): bubblewrap (same namespaces, mounts and user as
 * a per-process box) whose PID 1 is `vpl-box hold`, and the job's supervisor `vpl-box serve` (in the job's
 * cgroups, entered into the box from the host, invisible from inside) that starts each process of the job.
 * Started again if either ended (nothing in the box can end them: PID 1 ignores signals from inside its
 * namespace and the supervisor is not visible there). See vpl-box.c for the protocol.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BOX_HOLDER, BOX_HOME, BWRAP, bwrapArgs, SETPRIV, type SandboxEnvironment } from './environment';

/** Box processes do not keep the worker alive (spares wait in the background); a job's run() does. */
export function unrefChild(c: ChildProcess): void {
  c.unref();
  for (const stream of c.stdio) (stream as unknown as { unref?: () => void } | null)?.unref?.();
}

/** Resolves with the box's PID 1 (read from bubblewrap's info fd) once the process wrote "R". */
function whenStarted(c: ChildProcess, what: string, onEnd: () => void, info?: NodeJS.ReadableStream): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let text = '';
    let ready = false;
    let errors = '';
    let pid = info ? 0 : 1;
    const check = () => {
      if (ready && pid > 0) {
        clearTimeout(timer);
        resolve(pid);
      }
    };
    const timer = setTimeout(() => reject(new Error(`The ${what} did not start`)), 20_000);
    info?.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
      if (m) pid = Number(m[1]);
      check();
    });
    c.stdout!.on('data', (d: Buffer) => {
      if (d.includes('R')) ready = true;
      check();
    });
    c.stderr!.on('data', (d: Buffer) => {
      if (errors.length < 4096) errors += d.toString('utf8');
    });
    c.stdin!.on('error', () => undefined);
    c.on('exit', () => {
      onEnd();
      clearTimeout(timer);
      reject(new Error(`The ${what} ended${errors ? `: ${errors.trim()}` : ''}`));
    });
    c.on('error', (e) => {
      onEnd();
      clearTimeout(timer);
      reject(e);
    });
  });
}

export class JobBox {
  private holder: { child: ChildProcess; supervisor: ChildProcess | null; ready: Promise<void>; ended: boolean } | null = null;
  private stopped = false;

  constructor(
    private readonly env: SandboxEnvironment,
    private readonly dir: string,
    private readonly cgroupPaths: string[],
    /** The supervisor's socket (host path beside the work directory, root only, not in the box). */
    readonly socketPath: string,
  ) {}

  /** The running box (started, or started again, on demand). */
  ready(): Promise<void> {
    if (this.holder && !this.holder.ended) return this.holder.ready;
    const env = this.env;
    const drop = env.dropUid !== null ? [SETPRIV, `--reuid=${env.dropUid}`, `--regid=${env.dropUid}`, '--clear-groups', '--no-new-privs', '--'] : [];
    const argv = [
      ...drop,
      BWRAP,
      ...bwrapArgs(this.dir, {}, 64 * 1024 * 1024, { pty: env.ptyHelper, box: env.boxHelper }),
      '--as-pid-1',
      '--info-fd',
      '3',
      '--',
      BOX_HOLDER,
      'hold',
    ];
    const child = spawn(argv[0]!, argv.slice(1), { cwd: this.dir, env: {}, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    const holder: NonNullable<JobBox['holder']> = { child, supervisor: null, ended: false, ready: Promise.resolve() };
    const ended = () => (holder.ended = true);
    holder.ready = whenStarted(child, 'sandbox', ended, child.stdio[3] as NodeJS.ReadableStream).then(async (pid) => {
      if (holder.ended || this.stopped) throw new Error('The sandbox ended');
      const owner = (id: number | undefined) => String(env.dropUid ?? id ?? 0);
      const args = ['serve', '--pid', String(pid), '--dir', this.dir, '--home', BOX_HOME, '--uid', owner(process.getuid?.()), '--gid', owner(process.getgid?.())];
      args.push('--socket', this.socketPath, ...this.cgroupPaths.flatMap((d) => ['--cgroup', d]));
      const supervisor = spawn(env.boxHelper!, args, { cwd: env.root, env: {}, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      holder.supervisor = supervisor;
      unrefChild(supervisor);
      await whenStarted(supervisor, 'sandbox supervisor', ended);
    });
    this.holder = holder;
    unrefChild(child);
    return holder.ready;
  }

  /** Ends the box: its PID 1 leaves when its stdin closes, and the kernel kills what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    const holder = this.holder;
    if (!holder) return;
    this.holder = null;
    const stop = async (c: ChildProcess | null) => {
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const ended = new Promise<void>((r) => c.once('exit', () => r()));
      c.stdin!.end();
      try {
        if (c.pid) process.kill(-c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await Promise.race([ended, new Promise((r) => setTimeout(r, 2000))]);
    };
    await Promise.all([stop(holder.supervisor), stop(holder.child)]);
    rmSync(this.socketPath, { force: true });
  }

  /** At the worker's exit: kills the box's processes at once (no waiting). */
  stopNow(): void {
    this.stopped = true;
    for (const c of [this.holder?.supervisor, this.holder?.child]) {
      try {
        if (c?.pid) process.kill(-c.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    rmSync(this.socketPath, { force: true });
  }
}
