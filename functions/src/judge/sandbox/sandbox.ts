/**
 * The judge's sandbox: one per job, it owns the job's work directory and every process started in it.
 *
 * Two modes, chosen once per worker and written into every job's log:
 * - `namespaces` (local cloud, CI): bubblewrap with new user, PID, mount, network, IPC and UTS namespaces,
 *   an empty environment, a read-only /usr, the few /etc files toolchains need, a private /tmp, and the
 *   work directory bound at /home/vpl; nothing else of the host (no /etc/shadow, no project, no other
 *   job) exists inside, and only loopback networking. As root the worker first drops to uid 65534.
 *   With writable cgroups (v1 memory, pids, cpuacct + v2 `cgroup.kill`) each job gets its own groups.
 * - `rlimits` (inside AWS Lambda, where user namespaces are blocked): an emptied environment, rlimits,
 *   the work directory as home and cwd, a process-group kill, and at the end a sweep that kills every
 *   remaining process of the sandbox user (the runner then empties its work area).
 *
 * How processes start (`namespaces` mode with the C helper `vpl-box.c`, compiled on first use — the default):
 * one bubblewrap box per job. `setpriv` → `bwrap` (the namespaces and mounts above) runs `vpl-box hold` as
 * the box's PID 1, and `vpl-box serve`, the job's supervisor, joins the job's cgroups once and enters the
 * box's namespaces and root from the host (invisible from inside). For each process of the job (build
 * script, each test case, the evaluate program) the worker spawns `vpl-box run`, which passes its stdio,
 * argv, environment and limits over the supervisor's unix socket (root only, outside the box); the
 * supervisor forks the program in the box (so it inherits the cgroups without a migration), sets its
 * rlimits, drops to the sandbox user with no capabilities and no new privileges, and reports its exit
 * status. When a program ends or is killed (the worker kills its `vpl-box run`: wall time, CPU, output,
 * stop), the supervisor kills every other process of the box (daemons, fork bombs) through the box's own
 * /proc before it answers, so nothing of one process survives into the next. The worker's own checks
 * (output cap, wall time, cgroup CPU watch, OOM count) are the same in both set-ups. At the end of the job
 * `cgroup.kill`, the end of PID 1 (the kernel then kills the whole PID namespace) and the removal of the
 * work directory and cgroups end everything. What this saves per process: `sh`, `prlimit`, `setpriv`,
 * `bwrap`'s namespace and mount set-up and four cgroup migrations (each a kernel RCU wait).
 * Without the helper (no C compiler, or JUDGE_BOX=per-process) each process goes through `/bin/sh` (joins
 * the cgroups, merges stderr into stdout when asked) → `prlimit` (rlimits) → `setpriv` (unprivileged user,
 * no new privileges) → `bwrap` → the program; the `rlimits` mode uses the same chain with `env -i` for
 * `bwrap`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { SandboxLimits } from './limits';

export type SandboxMode = 'namespaces' | 'rlimits';

export interface SandboxEnvironment {
  mode: SandboxMode;
  cgroups: boolean;
  /** uid/gid the programs run as when the worker is root. */
  dropUid: number | null;
  /** Where job directories are made (a tmpfs when /dev/shm is there, so job files count as memory). */
  root: string;
  /** One line for the job log: which mode and which mechanisms are active. */
  description: string;
  /** Host path of the compiled vpl-pty helper; null when no C compiler was there (pipes are used then). */
  ptyHelper: string | null;
  /**
   * Host path of the compiled vpl-box helper (namespaces mode): one bubblewrap box per job, each process
   * entered into it. Null: a bubblewrap box per process (no C compiler, or JUDGE_BOX=per-process).
   */
  boxHelper: string | null;
}

/** The path programs see as their work directory in `namespaces` mode. */
export const BOX_HOME = '/home/vpl';
const NOBODY = 65534;
/**
 * The rlimits mode sweeps its user's processes with `kill -9 -1`, so that user must be the judge's alone
 * (not nobody, which bubblewrap jobs and other sandboxes on the machine use).
 */
const FALLBACK_UID = Number(process.env.JUDGE_FALLBACK_UID) || 64_999;
const CGROUP_ROOT = '/sys/fs/cgroup';
const CGROUP_V1 = ['memory', 'pids', 'cpuacct'] as const;
const CGROUP_PARENT = 'lectio-judge';
const BWRAP = '/usr/bin/bwrap';
const SETPRIV = '/usr/bin/setpriv';
const PRLIMIT = '/usr/bin/prlimit';
/** Where the pty helper appears inside the box. */
const BOX_PTY = '/opt/lectio/vpl-pty';
/** Where the box helper appears inside the box (it runs as the box's PID 1). */
const BOX_HOLDER = '/opt/lectio/vpl-box';

/** The fixed part of the bubblewrap command line. */
function bwrapArgs(
  hostDir: string,
  env: Record<string, string>,
  tmpBytes: number,
  ptyHelper: string | null = null,
  boxHelper: string | null = null,
): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
  ];
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push(
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
  );
  if (existsSync('/lib64')) args.push('--symlink', 'usr/lib64', '/lib64');
  for (const etc of ['/etc/alternatives', '/etc/ld.so.cache', '/etc/java-17-openjdk', '/etc/localtime']) {
    if (existsSync(etc)) args.push('--ro-bind', etc, etc);
  }
  if (ptyHelper) args.push('--ro-bind', ptyHelper, BOX_PTY);
  if (boxHelper) args.push('--ro-bind', boxHelper, BOX_HOLDER);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(tmpBytes), '--tmpfs', '/tmp');
  args.push('--bind', hostDir, BOX_HOME, '--chdir', BOX_HOME, '--remount-ro', '/');
  return args;
}

function tryCgroups(): boolean {
  try {
    for (const c of CGROUP_V1) {
      const dir = join(CGROUP_ROOT, c, CGROUP_PARENT);
      mkdirSync(dir, { recursive: true });
      accessSync(join(dir, 'cgroup.procs'), constants.W_OK);
    }
    const unified = join(CGROUP_ROOT, 'unified', CGROUP_PARENT);
    mkdirSync(unified, { recursive: true });
    accessSync(join(unified, 'cgroup.procs'), constants.W_OK);
    return existsSync(join(unified, 'cgroup.kill')) || existsSync(join(CGROUP_ROOT, 'unified', 'cgroup.procs'));
  } catch {
    return false;
  }
}

/** Detects what this machine offers; `forced` (or JUDGE_SANDBOX) picks a mode (tests use the fallback). */
export function detectSandbox(forced = process.env.JUDGE_SANDBOX as SandboxMode | undefined): SandboxEnvironment {
  const root = process.getuid?.() === 0;
  const probeUid = root ? NOBODY : null;
  const shm = '/dev/shm';
  const base = process.env.JUDGE_WORK_ROOT ?? (existsSync(shm) ? join(shm, 'lectio-judge') : join(tmpdir(), 'lectio-judge'));
  mkdirSync(base, { recursive: true, mode: 0o711 });
  let mode: SandboxMode = 'rlimits';
  if (forced !== 'rlimits' && existsSync(BWRAP) && existsSync(SETPRIV)) {
    const probeDir = join(base, `probe-${process.pid}`);
    mkdirSync(probeDir, { recursive: true });
    if (probeUid !== null) chownSync(probeDir, probeUid, probeUid);
    const prefix =
      probeUid !== null
        ? [SETPRIV, `--reuid=${probeUid}`, `--regid=${probeUid}`, '--clear-groups', '--no-new-privs', '--', BWRAP]
        : [BWRAP];
    // a busy machine can fail one probe; three failures in a row mean namespaces do not work here
    for (let attempt = 0; attempt < 3 && mode !== 'namespaces'; attempt++) {
      const r = spawnSync(prefix[0]!, [...prefix.slice(1), ...bwrapArgs(probeDir, {}, 1 << 20), '--', '/usr/bin/true'], {
        env: {},
        timeout: 10_000,
      });
      if (r.status === 0) mode = 'namespaces';
    }
    rmSync(probeDir, { recursive: true, force: true });
  }
  if (forced === 'namespaces' && mode !== 'namespaces')
    throw new Error('JUDGE_SANDBOX=namespaces but bubblewrap does not work here');
  const dropUid = !root ? null : mode === 'namespaces' ? NOBODY : FALLBACK_UID;
  const cgroups = process.env.JUDGE_CGROUPS !== '0' && forced !== 'rlimits' && tryCgroups();
  const parts = [
    mode === 'namespaces'
      ? 'namespaces (bubblewrap: user, pid, mount, net, ipc, uts; read-only system, private /tmp)'
      : 'rlimits (no namespaces: emptied environment, process-group kill, user sweep)',
    cgroups ? 'cgroups (memory, pids, cpuacct, cgroup.kill)' : 'no cgroups (rlimits and watchdog only)',
    dropUid !== null ? `uid ${dropUid}` : `uid ${process.getuid?.() ?? '?'}`,
  ];
  const ptyHelper = buildHelper(base, 'vpl-pty', ['-lutil'], process.env.JUDGE_PTY_HELPER);
  if (!ptyHelper) parts.push('no terminal helper (pipes)');
  // the supervisor's socket sits beside the job directories (a unix socket path has at most 107 bytes)
  const socketFits = join(base, `${'0'.repeat(24)}.sock`).length <= 100;
  const boxHelper =
    mode === 'namespaces' && socketFits && process.env.JUDGE_BOX !== 'per-process'
      ? buildHelper(base, 'vpl-box', [], process.env.JUDGE_BOX_HELPER)
      : null;
  if (mode === 'namespaces')
    parts.splice(1, 0, boxHelper ? 'one box per job (vpl-box starts each process in it)' : 'one box per process');
  return { mode, cgroups, dropUid, root: base, description: `sandbox: ${parts.join('; ')}`, ptyHelper, boxHelper };
}

/**
 * Compiles one of the C helpers beside this module (vpl-pty, vpl-box) once per source version; the runner
 * image can ship them prebuilt (JUDGE_PTY_HELPER, JUDGE_BOX_HELPER).
 */
function buildHelper(base: string, name: 'vpl-pty' | 'vpl-box', libs: string[], prebuilt: string | undefined): string | null {
  if (prebuilt && existsSync(prebuilt)) return prebuilt;
  try {
    const source = readFileSync(new URL(`./${name}.c`, import.meta.url), 'utf8');
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const tools = join(base, 'tools');
    const target = join(tools, `${name}-${hash}`);
    if (existsSync(target)) return target;
    mkdirSync(tools, { recursive: true, mode: 0o755 });
    const src = join(tools, `${name}-${hash}-${process.pid}.c`);
    writeFileSync(src, source);
    const tmp = `${target}.${process.pid}`;
    const r = spawnSync('/usr/bin/gcc', ['-O2', '-o', tmp, src, ...libs], { env: { PATH: '/usr/bin:/bin' }, timeout: 60_000 });
    rmSync(src, { force: true });
    if (r.status !== 0) return null;
    renameSync(tmp, target);
    return target;
  } catch {
    return null;
  }
}

let environment: SandboxEnvironment | undefined;
/** The sandbox set-up of this worker (detected once). */
export function sandboxEnvironment(): SandboxEnvironment {
  environment ??= detectSandbox();
  return environment;
}

export interface RunOptions {
  argv: string[];
  env?: Record<string, string>;
  limits: SandboxLimits;
  /** Text written to stdin and then closed; `null` keeps stdin open for `write` (interactive runs). */
  input?: string | null;
  /** stderr goes into the same stream as stdout (as on a terminal). Default true. */
  mergeStderr?: boolean;
  /** Output as it arrives (already cut at the output limit). */
  onOutput?: (text: string) => void;
  /**
   * Run on a terminal (vpl-pty): stdout and stderr in one stream in write order, input line by line, echo
   * off. Default true when the helper exists.
   */
  terminal?: boolean;
}

export interface ProcessOutcome {
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  cpuExceeded: boolean;
  memoryExceeded: boolean;
  outputExceeded: boolean;
  killed: boolean;
  /** stdout (+ stderr when merged), cut at the output limit. */
  output: string;
  stderr: string;
  outputBytes: number;
  /** On a terminal: output bytes that had arrived when the last input line was sent (VPL's "before"). */
  inputEndOffset: number | null;
  wallMs: number;
}

export interface SandboxProcess {
  write(text: string): void;
  closeInput(): void;
  /** Ends the whole process tree (stop button, interrupted run). */
  kill(): void;
  readonly done: Promise<ProcessOutcome>;
}

const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGTRAP: 5,
  SIGABRT: 6,
  SIGBUS: 7,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGUSR1: 10,
  SIGSEGV: 11,
  SIGUSR2: 12,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
  SIGXCPU: 24,
  SIGXFSZ: 25,
  SIGSYS: 31,
};

/** A safe relative file name inside the work directory (no absolute path, no '..'). */
export function safeRelativePath(name: string): string | null {
  if (!name || name.includes('\0') || name.startsWith('/')) return null;
  const n = normalize(name);
  if (n.startsWith('..') || n.split('/').includes('..') || n === '.') return null;
  return n;
}

export class Sandbox {
  readonly id = randomBytes(12).toString('hex');
  /** Host path of the work directory. */
  readonly dir: string;
  /** The work directory as the programs see it. */
  readonly home: string;
  private readonly cgroupDirs: string[] = [];
  private unifiedDir: string | null = null;
  /** The job's cgroup directories (removed by `dispose`, which only succeeds once they are empty). */
  get cgroupPaths(): string[] {
    return [...this.cgroupDirs, ...(this.unifiedDir ? [this.unifiedDir] : [])];
  }
  private readonly live = new Set<ChildProcess>();
  /** The job's box (vpl-box mode): bubblewrap with `vpl-box hold` as PID 1 and the `vpl-box serve` supervisor. */
  private holder: { child: ChildProcess; supervisor: ChildProcess | null; ready: Promise<void>; ended: boolean } | null = null;
  /** The supervisor's socket (host path beside the work directory, root only, not in the box). */
  private get socketPath(): string {
    return `${this.dir}.sock`;
  }
  private disposed = false;

  constructor(readonly env: SandboxEnvironment = sandboxEnvironment()) {
    this.dir = join(this.env.root, this.id);
    mkdirSync(this.dir, { mode: 0o700 });
    if (this.env.dropUid !== null) chownSync(this.dir, this.env.dropUid, this.env.dropUid);
    this.home = this.env.mode === 'namespaces' ? BOX_HOME : this.dir;
    if (this.env.cgroups) {
      for (const c of CGROUP_V1) {
        const d = join(CGROUP_ROOT, c, CGROUP_PARENT, this.id);
        mkdirSync(d);
        this.cgroupDirs.push(d);
      }
      const u = join(CGROUP_ROOT, 'unified', CGROUP_PARENT, this.id);
      mkdirSync(u);
      this.unifiedDir = u;
    }
    // the box starts while the job writes its files
    if (this.boxMode) void this.box().catch(() => undefined);
  }

  private get boxMode(): boolean {
    return this.env.mode === 'namespaces' && this.env.boxHelper !== null;
  }

  /**
   * The job's box: bubblewrap (same namespaces, mounts and user as a per-process box) whose PID 1 is
   * `vpl-box hold`, and the job's supervisor `vpl-box serve` (in the job's cgroups, entered into the box)
   * that starts each process. Started again if either ended (nothing in the box can end them: PID 1
   * ignores signals from inside its namespace and the supervisor is not visible there).
   */
  private box(): Promise<void> {
    if (this.holder && !this.holder.ended) return this.holder.ready;
    const drop =
      this.env.dropUid !== null
        ? [SETPRIV, `--reuid=${this.env.dropUid}`, `--regid=${this.env.dropUid}`, '--clear-groups', '--no-new-privs', '--']
        : [];
    const argv = [
      ...drop,
      BWRAP,
      ...bwrapArgs(this.dir, {}, 64 * 1024 * 1024, this.env.ptyHelper, this.env.boxHelper),
      '--as-pid-1',
      '--info-fd',
      '3',
      '--',
      BOX_HOLDER,
      'hold',
    ];
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: this.dir,
      env: {},
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    const holder: NonNullable<Sandbox['holder']> = { child, supervisor: null, ended: false, ready: Promise.resolve() };
    const started = (c: ChildProcess, what: string, info?: NodeJS.ReadableStream) =>
      new Promise<number>((resolve, reject) => {
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
          holder.ended = true;
          clearTimeout(timer);
          reject(new Error(`The ${what} ended${errors ? `: ${errors.trim()}` : ''}`));
        });
        c.on('error', (e) => {
          holder.ended = true;
          clearTimeout(timer);
          reject(e);
        });
      });
    holder.ready = started(child, 'sandbox', child.stdio[3] as NodeJS.ReadableStream).then(async (pid) => {
      if (holder.ended || this.disposed) throw new Error('The sandbox ended');
      const args = [
        'serve',
        '--pid',
        String(pid),
        '--dir',
        this.dir,
        '--home',
        BOX_HOME,
        '--uid',
        String(this.env.dropUid ?? process.getuid?.() ?? 0),
        '--gid',
        String(this.env.dropUid ?? process.getgid?.() ?? 0),
        '--socket',
        this.socketPath,
        ...this.cgroupPaths.flatMap((d) => ['--cgroup', d]),
      ];
      const supervisor = spawn(this.env.boxHelper!, args, {
        cwd: this.env.root,
        env: {},
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      holder.supervisor = supervisor;
      await started(supervisor, 'sandbox supervisor');
    });
    this.holder = holder;
    return holder.ready;
  }

  /** Ends the job's box: its PID 1 leaves when its stdin closes, and the kernel kills what is left. */
  private async stopBox(): Promise<void> {
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

  /** Writes a file into the work directory (owned by the sandbox user). */
  writeFile(name: string, content: string | Buffer, mode = 0o644): void {
    const rel = safeRelativePath(name);
    if (!rel) throw new Error(`Invalid file name: ${name}`);
    const path = join(this.dir, rel);
    const parent = dirname(path);
    mkdirSync(parent, { recursive: true });
    this.assertInside(parent);
    // never write through a link the program may have planted
    if (existsSync(path) && lstatSync(path).isSymbolicLink()) rmSync(path);
    writeFileSync(path, content, { mode });
    if (this.env.dropUid !== null) {
      chownSync(path, this.env.dropUid, this.env.dropUid);
      for (let d = parent; d.startsWith(this.dir) && d !== this.dir; d = dirname(d))
        chownSync(d, this.env.dropUid, this.env.dropUid);
    }
  }

  /** Reads a regular file the programs wrote (never follows a link out of the box); null when absent. */
  readFile(name: string, maxBytes = 1 << 20): string | null {
    const rel = safeRelativePath(name);
    if (!rel) return null;
    const path = join(this.dir, rel);
    try {
      const st = lstatSync(path);
      if (!st.isFile() || st.size > maxBytes) return null;
      this.assertInside(dirname(path));
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  }

  /** Whether a name exists in the work directory (as VPL's existFile; links are not followed). */
  exists(name: string): boolean {
    const rel = safeRelativePath(name.startsWith('./') ? name.slice(2) : name);
    if (!rel) return false;
    try {
      lstatSync(join(this.dir, rel));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes a file of the work directory (a link itself, never its target). */
  remove(name: string): void {
    const rel = safeRelativePath(name);
    if (rel) rmSync(join(this.dir, rel), { force: true });
  }

  rename(from: string, to: string): boolean {
    const a = safeRelativePath(from);
    const b = safeRelativePath(to);
    if (!a || !b || !this.exists(a)) return false;
    const st = lstatSync(join(this.dir, a));
    if (!st.isFile()) return false;
    rmSync(join(this.dir, b), { force: true, recursive: true });
    writeFileSync(join(this.dir, b), readFileSync(join(this.dir, a)), { mode: st.mode & 0o777 });
    if (this.env.dropUid !== null) chownSync(join(this.dir, b), this.env.dropUid, this.env.dropUid);
    rmSync(join(this.dir, a));
    return true;
  }

  private assertInside(path: string) {
    // every directory on the way must be a real directory, not a link planted by a program
    for (let d = path; d.startsWith(this.dir) && d !== this.dir; d = dirname(d)) {
      if (!lstatSync(d).isDirectory()) throw new Error('Path leaves the work directory');
    }
  }

  /** The cgroup limits last written (a job's processes mostly share them: no write then). */
  private cgroupLimitsKey = '';

  private setCgroupLimits(limits: SandboxLimits) {
    if (!this.env.cgroups) return;
    const key = `${limits.memoryMb}/${limits.processes}`;
    if (key === this.cgroupLimitsKey) return;
    this.cgroupLimitsKey = key;
    const [mem, pids] = this.cgroupDirs;
    const bytes = String(limits.memoryMb * 1024 * 1024);
    const memsw = join(mem!, 'memory.memsw.limit_in_bytes');
    const hasSwapLimit = existsSync(memsw);
    // the memory+swap limit may never be below the memory limit: order the writes accordingly
    const current = Number(readFileSync(join(mem!, 'memory.limit_in_bytes'), 'utf8'));
    if (hasSwapLimit && Number(bytes) > current) writeFileSync(memsw, bytes);
    writeFileSync(join(mem!, 'memory.limit_in_bytes'), bytes);
    if (hasSwapLimit) writeFileSync(memsw, bytes);
    // in a job's box the vpl-box process that starts the program is in the group too
    // in a job's box the supervisor (vpl-box serve) is in the group too
    writeFileSync(join(pids!, 'pids.max'), String(limits.processes + (this.boxMode ? 1 : 0)));
  }

  private cpuUsageNs(): number {
    if (!this.env.cgroups) return 0;
    return Number(readFileSync(join(this.cgroupDirs[2]!, 'cpuacct.usage'), 'utf8'));
  }

  private oomKills(): number {
    if (!this.env.cgroups) return 0;
    const m = /oom_kill (\d+)/.exec(readFileSync(join(this.cgroupDirs[0]!, 'memory.oom_control'), 'utf8'));
    return m ? Number(m[1]) : Number(readFileSync(join(this.cgroupDirs[0]!, 'memory.failcnt'), 'utf8'));
  }

  /** Kills every process of this job: cgroup.kill, the process group, and (rlimits mode) the user sweep. */
  killAll(child?: ChildProcess): void {
    // in a job's box, killing a process's vpl-box caller makes the supervisor kill it and sweep the box;
    // cgroup.kill (which would end the supervisor too) is for the end of the job
    if (this.unifiedDir && !(child && this.boxMode)) {
      try {
        writeFileSync(join(this.unifiedDir, 'cgroup.kill'), '1');
      } catch {
        // older kernels: fall through to the group kill
      }
    }
    for (const c of child ? [child] : this.live) {
      if (c.pid) {
        try {
          process.kill(-c.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (this.env.mode === 'rlimits') this.sweepUser();
  }

  /**
   * rlimits mode: processes that left the process group (daemons, fork bombs) are found by their user.
   * As root the sandbox user is dedicated, so `kill -9 -1` run as that user ends all of them at once;
   * otherwise (Lambda: one job per environment) every process of our uid but the worker is killed.
   */
  private sweepUser() {
    if (this.env.dropUid !== null) {
      const asUser = [
        `--reuid=${this.env.dropUid}`,
        `--regid=${this.env.dropUid}`,
        '--clear-groups',
        '--',
        '/bin/kill',
        '-9',
        '-1',
      ];
      for (let round = 0; round < 20 && this.userProcesses(this.env.dropUid).length > 0; round++) {
        spawnSync(SETPRIV, asUser, { env: {}, stdio: 'ignore' });
      }
      return;
    }
    if (process.env.JUDGE_SWEEP_OWN_UID !== '1') return;
    const uid = process.getuid?.();
    if (uid === undefined) return;
    const keep = new Set([process.pid, process.ppid]);
    for (let round = 0; round < 20; round++) {
      const pids = this.userProcesses(uid).filter((p) => !keep.has(p));
      if (!pids.length) break;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // ended meanwhile
        }
      }
    }
  }

  private userProcesses(uid: number, withZombies = false): number[] {
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        const m = /^Uid:\s+(\d+)/m.exec(status);
        if (m && Number(m[1]) === uid && (withZombies || !/^State:\s+Z/m.test(status))) pids.push(Number(entry));
      } catch {
        // ended meanwhile
      }
    }
    return pids;
  }

  run(options: RunOptions): SandboxProcess {
    if (this.disposed) throw new Error('Sandbox disposed');
    if (!this.boxMode) return this.start(options, false);
    // in a job's box: the process starts once the box runs (at once after the job's first process)
    let inner: SandboxProcess | null = null;
    const writes: string[] = [];
    let closeInput = false;
    let kill = false;
    const done = this.box().then(
      () => {
        if (this.disposed) throw new Error('Sandbox disposed');
        inner = this.start(options, true);
        for (const w of writes) inner.write(w);
        if (closeInput) inner.closeInput();
        if (kill) inner.kill();
        return inner.done;
      },
      (e: Error): ProcessOutcome => ({
        exitCode: null,
        signal: null,
        timedOut: false,
        cpuExceeded: false,
        memoryExceeded: false,
        outputExceeded: false,
        killed: kill,
        output: `Internal error: ${e.message}\n`,
        stderr: '',
        outputBytes: 0,
        inputEndOffset: null,
        wallMs: 0,
      }),
    );
    return {
      write: (text) => (inner ? inner.write(text) : void writes.push(text)),
      closeInput: () => (inner ? inner.closeInput() : void (closeInput = true)),
      kill: () => (inner ? inner.kill() : void (kill = true)),
      done,
    };
  }

  /** Starts one process: in the job's box through vpl-box (`holderPid`), else through sh, prlimit, setpriv and bwrap or env. */
  private start(options: RunOptions, inBox: boolean): SandboxProcess {
    const { limits } = options;
    const terminal = (options.terminal ?? true) && this.env.ptyHelper !== null;
    const merge = terminal ? false : (options.mergeStderr ?? true);
    const program = terminal ? [this.env.mode === 'namespaces' ? BOX_PTY : this.env.ptyHelper!, ...options.argv] : options.argv;
    this.setCgroupLimits(limits);
    const envVars: Record<string, string> = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: this.home,
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      TMPDIR: this.env.mode === 'namespaces' ? '/tmp' : this.home,
      ...options.env,
    };
    const join1 = (d: string) => `echo $$ > ${d}/cgroup.procs || exit 125`;
    const script = [
      ...this.cgroupDirs.map(join1),
      ...(this.unifiedDir ? [join1(this.unifiedDir)] : []),
      merge ? 'exec 2>&1' : '',
      'exec "$@"',
    ]
      .filter(Boolean)
      .join('\n');
    const nproc = this.env.cgroups || this.env.dropUid === null ? Math.max(limits.processes, 4096) : limits.processes;
    const rl = [
      PRLIMIT,
      // SIGXCPU at the limit (reported as such), SIGKILL one second later
      `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
      `--fsize=${limits.fileSizeMb * 1024 * 1024}`,
      `--nofile=${limits.openFiles}`,
      `--nproc=${nproc}`,
      '--core=0',
      ...(this.env.cgroups ? [] : [`--data=${limits.memoryMb * 1024 * 1024}`]),
      '--',
    ];
    const drop =
      this.env.dropUid !== null
        ? [SETPRIV, `--reuid=${this.env.dropUid}`, `--regid=${this.env.dropUid}`, '--clear-groups', '--no-new-privs', '--']
        : [];
    const argv =
      this.env.mode === 'namespaces'
        ? [...rl, ...drop, BWRAP, ...bwrapArgs(this.dir, envVars, 64 * 1024 * 1024, this.env.ptyHelper), '--', ...program]
        : [...rl, ...drop, '/usr/bin/env', '-i', ...Object.entries(envVars).map(([k, v]) => `${k}=${v}`), ...program];
    const entered = !inBox
      ? null
      : [
          'run',
          '--socket',
          this.socketPath,
          ...(merge ? ['--merge'] : []),
          '--cpu',
          String(limits.cpuSeconds),
          '--fsize',
          String(limits.fileSizeMb * 1024 * 1024),
          '--nofile',
          String(limits.openFiles),
          '--nproc',
          String(nproc),
          ...(this.env.cgroups ? [] : ['--data', String(limits.memoryMb * 1024 * 1024)]),
          '--',
          ...program,
        ];
    const started = performance.now();
    const cpuStart = this.cpuUsageNs();
    const oomStart = this.oomKills();
    const child = entered
      ? spawn(this.env.boxHelper!, entered, { cwd: this.dir, env: envVars, detached: true, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', script, 'sandbox', ...argv], {
          cwd: this.dir,
          env: {},
          detached: true,
          stdio: ['pipe', 'pipe', merge ? 'ignore' : 'pipe'],
        });
    this.live.add(child);
    const outcome = {
      timedOut: false,
      cpuExceeded: false,
      memoryExceeded: false,
      outputExceeded: false,
      killed: false,
    };
    const maxOut = limits.outputKb * 1024;
    let outBytes = 0;
    let output = '';
    let stderr = '';
    const decoder = new StringDecoder('utf8');
    const kill = () => this.killAll(child);
    child.stdout!.on('data', (chunk: Buffer) => {
      const room = maxOut - outBytes;
      outBytes += chunk.length;
      if (room > 0) {
        const text = decoder.write(room < chunk.length ? chunk.subarray(0, room) : chunk);
        output += text;
        options.onOutput?.(text);
      }
      // Checked for every chunk: when earlier chunks filled the limit exactly, the next one is the excess.
      if (outBytes > maxOut && !outcome.outputExceeded) {
        outcome.outputExceeded = true;
        kill();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < maxOut) stderr += chunk.toString('utf8');
    });
    child.stdin!.on('error', () => undefined);
    if (options.input !== null) child.stdin!.end(options.input ?? '');

    const wall = setTimeout(() => {
      outcome.timedOut = true;
      kill();
    }, limits.wallSeconds * 1000);
    const cpuWatch = this.env.cgroups
      ? setInterval(() => {
          if (this.cpuUsageNs() - cpuStart > limits.cpuSeconds * 1e9) {
            outcome.cpuExceeded = true;
            kill();
          }
        }, 50)
      : null;

    const done = new Promise<ProcessOutcome>((resolve) => {
      let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      const finish = () => {
        clearTimeout(wall);
        if (cpuWatch) clearInterval(cpuWatch);
        this.live.delete(child);
        output += decoder.end();
        let signal = exit?.signal ? (SIGNALS[exit.signal] ?? 9) : null;
        let exitCode = exit?.code ?? null;
        let inputEndOffset: number | null = null;
        if (terminal) {
          const end = /vpl-pty:input-end:(\d+)/.exec(stderr);
          if (end) inputEndOffset = Number(end[1]);
          const sig = /vpl-pty:signal:(\d+)/.exec(stderr);
          if (sig) {
            signal = Number(sig[1]);
            exitCode = null;
          }
        } else if (this.env.mode === 'namespaces' && exitCode !== null && exitCode > 128 && exitCode < 160) {
          // bubblewrap reports a program ended by a signal as 128 + signal
          signal = exitCode - 128;
          exitCode = null;
        }
        if (signal === 24) outcome.cpuExceeded = true;
        if (this.oomKills() > oomStart) outcome.memoryExceeded = true;
        resolve({
          ...outcome,
          exitCode,
          signal,
          output,
          stderr,
          outputBytes: outBytes,
          inputEndOffset,
          wallMs: performance.now() - started,
        });
      };
      child.on('exit', (code, signal) => {
        exit = { code, signal };
        // nothing of the program may outlive it: daemons and children still holding the pipes end here
        this.killAll(child);
        const grace = setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, 200);
        child.on('close', () => {
          clearTimeout(grace);
          finish();
        });
      });
      child.on('error', (e) => {
        output += `Internal error: ${e.message}\n`;
        finish();
      });
    });
    return {
      write: (text: string) => {
        if (!child.stdin!.destroyed) child.stdin!.write(text);
      },
      closeInput: () => child.stdin!.end(),
      kill: () => {
        outcome.killed = true;
        kill();
      },
      done,
    };
  }

  /** Ends every process of the job, removes its cgroups and its work directory. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.killAll();
    await this.stopBox();
    for (const d of [...this.cgroupDirs, ...(this.unifiedDir ? [this.unifiedDir] : [])]) {
      // a cgroup can be removed once the killed processes are reaped
      for (let i = 0; i < 100; i++) {
        try {
          rmdirSync(d);
          break;
        } catch {
          this.killAll();
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
    if (this.env.mode === 'rlimits') {
      this.sweepSharedTemp();
      // killed processes count against RLIMIT_NPROC until init reaps them: the next job waits for that
      const uid = this.env.dropUid;
      for (let i = 0; uid !== null && i < 150 && this.userProcesses(uid, true).length > 0; i++) {
        this.sweepUser();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  /** rlimits mode: what the sandbox user left in the world-writable directories goes too. */
  private sweepSharedTemp() {
    const uid = this.env.dropUid;
    if (uid === null) return;
    for (const dir of ['/tmp', '/var/tmp', '/dev/shm']) {
      try {
        for (const entry of readdirSync(dir)) {
          const path = join(dir, entry);
          if (lstatSync(path).uid === uid) rmSync(path, { recursive: true, force: true });
        }
      } catch {
        // not there
      }
    }
  }
}
