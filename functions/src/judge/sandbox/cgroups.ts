/**
 * A job's control groups (the v1/v2 hybrid of these machines): memory, pids and cpuacct limits in v1, and
 * `cgroup.kill` of the v2 hierarchy to end a whole process tree. One set per job, named by the job's id under
 * `lectio-judge`; removed at the end of the job once empty. `root` is a parameter so tests can use a
 * directory of their own.
 */
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxLimits } from './limits';

export const CGROUP_ROOT = '/sys/fs/cgroup';
const CGROUP_V1 = ['memory', 'pids', 'cpuacct'] as const;
const CGROUP_PARENT = 'lectio-judge';

/** Whether this worker may make its own cgroups (root with writable v1 controllers and a v2 hierarchy). */
export function tryCgroups(root = CGROUP_ROOT): boolean {
  try {
    for (const c of CGROUP_V1) {
      const dir = join(root, c, CGROUP_PARENT);
      mkdirSync(dir, { recursive: true });
      accessSync(join(dir, 'cgroup.procs'), constants.W_OK);
    }
    const unified = join(root, 'unified', CGROUP_PARENT);
    mkdirSync(unified, { recursive: true });
    accessSync(join(unified, 'cgroup.procs'), constants.W_OK);
    return existsSync(join(unified, 'cgroup.kill')) || existsSync(join(root, 'unified', 'cgroup.procs'));
  } catch {
    return false;
  }
}

/** The processes listed in a group ('' when none, or when the group is gone). */
const processesIn = (dir: string) => {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').trim();
  } catch {
    return '';
  }
};

const groupsOf = (id: string, root: string) => [...CGROUP_V1.map((c) => join(root, c, CGROUP_PARENT, id)), join(root, 'unified', CGROUP_PARENT, id)];

/**
 * Removes what a worker that was killed (not ended) left of its jobs and spare boxes: a job directory
 * older than ten minutes (longer than any job) whose cgroups hold no process any more (a live job or spare
 * always has its supervisor or programs in them), with its socket and cgroups.
 */
export function removeStaleBoxes(base: string, root = CGROUP_ROOT): void {
  try {
    for (const name of readdirSync(base)) {
      if (!/^[0-9a-f]{24}$/.test(name)) continue;
      const dir = join(base, name);
      const memory = join(root, 'memory', CGROUP_PARENT, name);
      if (Date.now() - lstatSync(dir).mtimeMs < 600_000) continue;
      if (processesIn(memory) !== '') continue;
      let removed = true;
      for (const g of groupsOf(name, root)) {
        try {
          if (existsSync(g)) rmdirSync(g);
        } catch {
          removed = false;
        }
      }
      if (!removed) continue;
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.sock`, { force: true });
    }
  } catch {
    // another worker is cleaning up too
  }
}

/** The cgroups of one job. */
export class JobCgroups {
  /** memory, pids, cpuacct (v1) and the v2 group, in that order. */
  readonly paths: string[];
  /** The limits last written (a job's processes mostly share them: no write then). */
  private limitsKey = '';

  constructor(
    id: string,
    /** The job's supervisor lives in the pids group too (one more process allowed). */
    private readonly withSupervisor: boolean,
    root = CGROUP_ROOT,
  ) {
    this.paths = groupsOf(id, root);
    for (const d of this.paths) mkdirSync(d);
  }

  private get memory() {
    return this.paths[0]!;
  }
  get unified(): string {
    return this.paths[3]!;
  }

  setLimits(limits: SandboxLimits): void {
    const key = `${limits.memoryMb}/${limits.processes}`;
    if (key === this.limitsKey) return;
    this.limitsKey = key;
    const bytes = String(limits.memoryMb * 1024 * 1024);
    const memsw = join(this.memory, 'memory.memsw.limit_in_bytes');
    const hasSwapLimit = existsSync(memsw);
    // the memory+swap limit may never be below the memory limit: order the writes accordingly
    const current = Number(readFileSync(join(this.memory, 'memory.limit_in_bytes'), 'utf8'));
    if (hasSwapLimit && Number(bytes) > current) writeFileSync(memsw, bytes);
    writeFileSync(join(this.memory, 'memory.limit_in_bytes'), bytes);
    if (hasSwapLimit) writeFileSync(memsw, bytes);
    writeFileSync(join(this.paths[1]!, 'pids.max'), String(limits.processes + (this.withSupervisor ? 1 : 0)));
  }

  cpuUsageNs(): number {
    return Number(readFileSync(join(this.paths[2]!, 'cpuacct.usage'), 'utf8'));
  }

  oomKills(): number {
    const m = /oom_kill (\d+)/.exec(readFileSync(join(this.memory, 'memory.oom_control'), 'utf8'));
    return m ? Number(m[1]) : Number(readFileSync(join(this.memory, 'memory.failcnt'), 'utf8'));
  }

  /** Kills every process in the job's groups (v2 `cgroup.kill`); false on kernels without it. */
  kill(): boolean {
    try {
      writeFileSync(join(this.unified, 'cgroup.kill'), '1');
      return true;
    } catch {
      return false;
    }
  }

  /** Removes one group now if it is empty; true when every group is gone. */
  tryRemove(): boolean {
    let all = true;
    for (const d of this.paths) {
      try {
        if (existsSync(d)) rmdirSync(d);
      } catch {
        all = false;
      }
    }
    return all;
  }
}
