/**
 * Which sandbox this worker runs learner code in, decided once per worker and written into every job's log.
 *
 * - `namespaces` (the default, and the only mode chosen without being asked for): bubblewrap with new user,
 *   PID, mount, network, IPC and UTS namespaces (see `bwrapArgs`). When bubblewrap is missing or does not
 *   work, the judge refuses to start (`SandboxUnavailable`): learner code never runs unprotected by
 *   accident.
 * - `rlimits`: only when the operator sets JUDGE_SANDBOX=rlimits, for places where namespaces cannot exist
 *   and another boundary protects the host (the AWS runner: a Lambda environment per job, no route out, a
 *   role that can only write its logs). The worker must then be out of the programs' reach: either root (the
 *   programs run as a dedicated uid) or not dumpable (`LD_PRELOAD` of the vpl-nodump helper, as the runner
 *   image does), so a program of the same uid cannot read its memory, environment or descriptors; else it
 *   refuses too. Every program runs behind vpl-guard's seccomp filter (no sockets but unix ones, no ptrace).
 */
import { chownSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleBoxes, tryCgroups } from './cgroups';
import { buildHelper } from './helpers';
import { env } from '../../platform/config';

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
  /**
   * Host path of the compiled vpl-guard helper, the last step before every program started without
   * vpl-box (closes inherited descriptors; in `rlimits` mode also the seccomp filter). Required.
   */
  guardHelper: string;
}

/** The one setting that lets the judge run learner code without namespaces. */
export const SANDBOX_SETTING = 'JUDGE_SANDBOX';

/** The judge cannot run learner code safely here; the message says what to do. */
export class SandboxUnavailable extends Error {
  constructor(reason: string) {
    super(
      `The code judge will not run learner programs: ${reason}. ` +
        'Install bubblewrap (Debian/Ubuntu: apt-get install -y bubblewrap) so that every program runs in its own namespaces; ' +
        `only where another boundary protects the host (the AWS runner image) may the operator set ${SANDBOX_SETTING}=rlimits.`,
    );
    this.name = 'SandboxUnavailable';
  }
}

/** The path programs see as their work directory in `namespaces` mode. */
export const BOX_HOME = '/home/vpl';
export const NOBODY = 65534;
/**
 * The rlimits mode sweeps its user's processes with `kill -9 -1`, so that user must be the judge's alone
 * (not nobody, which bubblewrap jobs and other sandboxes on the machine use).
 */
const FALLBACK_UID = env('JUDGE_FALLBACK_UID') ?? 64_999;
export const BWRAP = '/usr/bin/bwrap';
export const SETPRIV = '/usr/bin/setpriv';
export const PRLIMIT = '/usr/bin/prlimit';
/** Where the pty helper appears inside the box. */
export const BOX_PTY = '/opt/lectio/vpl-pty';
/** Where the box helper appears inside the box (it runs as the box's PID 1). */
export const BOX_HOLDER = '/opt/lectio/vpl-box';
/** Where the guard helper appears inside the box. */
export const BOX_GUARD = '/opt/lectio/vpl-guard';

/** The fixed part of the bubblewrap command line. */
export function bwrapArgs(
  hostDir: string,
  env: Record<string, string>,
  tmpBytes: number,
  helpers: { pty?: string | null; box?: string | null; guard?: string | null } = {},
): string[] {
  const args = ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv'];
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push('--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin', '--symlink', 'usr/lib', '/lib');
  if (existsSync('/lib64')) args.push('--symlink', 'usr/lib64', '/lib64');
  for (const etc of ['/etc/alternatives', '/etc/ld.so.cache', '/etc/java-17-openjdk', '/etc/localtime']) {
    if (existsSync(etc)) args.push('--ro-bind', etc, etc);
  }
  if (helpers.pty) args.push('--ro-bind', helpers.pty, BOX_PTY);
  if (helpers.box) args.push('--ro-bind', helpers.box, BOX_HOLDER);
  if (helpers.guard) args.push('--ro-bind', helpers.guard, BOX_GUARD);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(tmpBytes), '--tmpfs', '/tmp');
  args.push('--bind', hostDir, BOX_HOME, '--chdir', BOX_HOME, '--remount-ro', '/');
  return args;
}

/** Whether bubblewrap starts a box here (a busy machine can fail one probe: three failures in a row count). */
export function namespacesWork(base: string, probeUid: number | null): boolean {
  if (!existsSync(BWRAP) || !existsSync(SETPRIV)) return false;
  const probeDir = join(base, `probe-${process.pid}`);
  mkdirSync(probeDir, { recursive: true });
  try {
    if (probeUid !== null) chownSync(probeDir, probeUid, probeUid);
    const prefix = probeUid !== null ? [SETPRIV, `--reuid=${probeUid}`, `--regid=${probeUid}`, '--clear-groups', '--no-new-privs', '--', BWRAP] : [BWRAP];
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = spawnSync(prefix[0]!, [...prefix.slice(1), ...bwrapArgs(probeDir, {}, 1 << 20), '--', '/usr/bin/true'], { env: {}, timeout: 10_000 });
      if (r.status === 0) return true;
    }
    return false;
  } finally {
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/**
 * Whether this process's memory, environment and descriptors are out of reach of another process of its
 * uid: the kernel gives the /proc files of a process that is not dumpable to root.
 */
export function workerUndumpable(): boolean {
  try {
    return statSync('/proc/self/environ').uid === 0;
  } catch {
    return false;
  }
}

/** The mode asked for: JUDGE_SANDBOX unset or `namespaces` → namespaces; `rlimits` → rlimits; else refused. */
export function requestedMode(setting = env('JUDGE_SANDBOX')): SandboxMode {
  if (setting === undefined || setting === '' || setting === 'namespaces') return 'namespaces';
  if (setting === 'rlimits') return 'rlimits';
  throw new SandboxUnavailable(`${SANDBOX_SETTING}=${setting} is not a sandbox mode (namespaces or rlimits)`);
}

/** Detects what this machine offers for the mode asked for (tests ask for `rlimits` explicitly). */
export function detectSandbox(mode: SandboxMode = requestedMode()): SandboxEnvironment {
  const root = process.getuid?.() === 0;
  const shm = '/dev/shm';
  const base = env('JUDGE_WORK_ROOT') ?? (existsSync(shm) ? join(shm, 'lectio-judge') : join(tmpdir(), 'lectio-judge'));
  mkdirSync(base, { recursive: true, mode: 0o711 });
  if (mode === 'namespaces' && !namespacesWork(base, root ? NOBODY : null)) {
    throw new SandboxUnavailable(existsSync(BWRAP) ? 'bubblewrap is installed but cannot create namespaces on this machine' : `bubblewrap (${BWRAP}) is not installed`);
  }
  if (mode === 'rlimits' && !root && !workerUndumpable()) {
    throw new SandboxUnavailable(
      `${SANDBOX_SETTING}=rlimits with a worker that is neither root nor undumpable (its programs could read its memory and environment; start it with LD_PRELOAD of the vpl-nodump helper)`,
    );
  }
  const guardHelper = buildHelper(base, 'vpl-guard', [], env('JUDGE_GUARD_HELPER'));
  if (!guardHelper) throw new SandboxUnavailable('the vpl-guard helper could not be built (gcc is missing) and JUDGE_GUARD_HELPER names no prebuilt one');
  const dropUid = !root ? null : mode === 'namespaces' ? NOBODY : FALLBACK_UID;
  const cgroups = env('JUDGE_CGROUPS') !== '0' && mode !== 'rlimits' && tryCgroups();
  if (cgroups) removeStaleBoxes(base);
  const parts = [
    mode === 'namespaces'
      ? 'namespaces (bubblewrap: user, pid, mount, net, ipc, uts; read-only system, private /tmp)'
      : `rlimits (${SANDBOX_SETTING}=rlimits: no namespaces; emptied environment, seccomp: no network sockets or ptrace, process-group kill, user sweep)`,
    cgroups ? 'cgroups (memory, pids, cpuacct, cgroup.kill)' : 'no cgroups (rlimits and watchdog only)',
    dropUid !== null ? `uid ${dropUid}` : `uid ${process.getuid?.() ?? '?'}${mode === 'rlimits' ? ' (worker undumpable)' : ''}`,
  ];
  const ptyHelper = buildHelper(base, 'vpl-pty', ['-lutil'], env('JUDGE_PTY_HELPER'));
  if (!ptyHelper) parts.push('no terminal helper (pipes)');
  // the supervisor's socket sits beside the job directories (a unix socket path has at most 107 bytes)
  const socketFits = join(base, `${'0'.repeat(24)}.sock`).length <= 100;
  const boxHelper =
    mode === 'namespaces' && socketFits && env('JUDGE_BOX') !== 'per-process' ? buildHelper(base, 'vpl-box', [], env('JUDGE_BOX_HELPER')) : null;
  if (mode === 'namespaces') parts.splice(1, 0, boxHelper ? 'one box per job (vpl-box starts each process in it)' : 'one box per process');
  return { mode, cgroups, dropUid, root: base, description: `sandbox: ${parts.join('; ')}`, ptyHelper, boxHelper, guardHelper };
}

let environment: SandboxEnvironment | undefined;
/** The sandbox set-up of this worker (detected once; throws `SandboxUnavailable` when there is none). */
export function sandboxEnvironment(): SandboxEnvironment {
  environment ??= detectSandbox();
  return environment;
}
