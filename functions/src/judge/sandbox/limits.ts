/**
 * Resource limits of the processes the judge starts. Every limit is enforced by the kernel where it can be
 * (rlimits, cgroups) and by the worker's watchdog otherwise; what each one does:
 *
 * - `cpuSeconds`: CPU time of the phase. RLIMIT_CPU per process (SIGXCPU, then SIGKILL) and, with cgroups,
 *   the whole process tree's CPU (cpuacct.usage) checked every 50 ms, so a fork bomb of busy loops ends too.
 * - `wallSeconds`: real time of the phase; the whole tree is killed when it is up (sleeping programs).
 * - `memoryMb`: memory of the process tree (cgroup memory + swap limit; the kernel's OOM killer ends the
 *   program). Files the program writes in its work directory are on a tmpfs and count here too, so this is
 *   also the disk quota. Without cgroups: RLIMIT_DATA per process (Java and Node reserve address space,
 *   so RLIMIT_AS is never used).
 * - `processes`: processes and threads of the tree (cgroup pids.max; RLIMIT_NPROC of the sandbox user
 *   without cgroups). In a job's box the group's pids.max is this + 1: the job's supervisor (vpl-box
 *   serve) is in the group and is not the program's.
 * - `fileSizeMb`: largest file a process may write (RLIMIT_FSIZE, SIGXFSZ beyond).
 * - `outputKb`: stdout + stderr read by the worker; beyond it the tree is killed and the output cut.
 * Every limit applies per process of the job (set again for each one); the rlimits are set by vpl-box
 * (job box) or prlimit (per-process chains) just before the program starts. At the end of every process
 * whatever it left running is killed (a job's box: the supervisor's sweep of the box's PID namespace; else
 * cgroup.kill / the process group / the user sweep).
 * - `openFiles`: RLIMIT_NOFILE.
 */
export interface SandboxLimits {
  cpuSeconds: number;
  wallSeconds: number;
  memoryMb: number;
  processes: number;
  fileSizeMb: number;
  outputKb: number;
  openFiles: number;
}

/** Running or evaluating a learner's program (VPL's defaults are 20 s, 128 MB, 64 MB files, 32 processes). */
export const DEFAULT_RUN_LIMITS: SandboxLimits = {
  cpuSeconds: 20,
  wallSeconds: 25,
  memoryMb: 512,
  processes: 64,
  fileSizeMb: 64,
  outputKb: 1024,
  openFiles: 256,
};

/** Building (run/evaluate scripts, compilers): javac and g++ need more than the programs they build. */
export const DEFAULT_BUILD_LIMITS: SandboxLimits = {
  cpuSeconds: 30,
  wallSeconds: 40,
  memoryMb: 1024,
  processes: 256,
  fileSizeMb: 64,
  outputKb: 256,
  openFiles: 512,
};

/** Bounds an author may choose between in the course or task settings. */
export const LIMIT_BOUNDS: Record<keyof SandboxLimits, [number, number]> = {
  cpuSeconds: [1, 120],
  wallSeconds: [1, 180],
  memoryMb: [32, 2048],
  processes: [4, 512],
  fileSizeMb: [1, 256],
  outputKb: [16, 16 * 1024],
  openFiles: [16, 4096],
};

/** Author settings (partial) over the defaults, each clamped to its bounds. */
export function resolveLimits(base: SandboxLimits, settings: Partial<SandboxLimits> = {}): SandboxLimits {
  const out = { ...base };
  for (const key of Object.keys(LIMIT_BOUNDS) as Array<keyof SandboxLimits>) {
    const v = settings[key];
    if (typeof v === 'number' && Number.isFinite(v)) {
      const [lo, hi] = LIMIT_BOUNDS[key];
      out[key] = Math.min(hi, Math.max(lo, Math.round(v)));
    }
  }
  return out;
}
