/** A job's cgroups, on a directory that stands in for /sys/fs/cgroup. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobCgroups, removeStaleBoxes, tryCgroups } from './cgroups';
import { DEFAULT_RUN_LIMITS } from './limits';

let root: string;
const group = (controller: string, id: string) => join(root, controller, 'lectio-judge', id);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cgroups-'));
  for (const c of ['memory', 'pids', 'cpuacct', 'unified']) {
    mkdirSync(join(root, c, 'lectio-judge'), { recursive: true });
    writeFileSync(join(root, c, 'lectio-judge', 'cgroup.procs'), '');
  }
  writeFileSync(join(root, 'unified', 'cgroup.procs'), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What the kernel would put into a new group's directory. */
function kernelFiles(id: string) {
  writeFileSync(join(group('memory', id), 'memory.limit_in_bytes'), '9223372036854771712');
  writeFileSync(join(group('memory', id), 'memory.memsw.limit_in_bytes'), '9223372036854771712');
  writeFileSync(join(group('memory', id), 'memory.oom_control'), 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n');
  writeFileSync(join(group('cpuacct', id), 'cpuacct.usage'), '1500000000');
}

describe('job cgroups', () => {
  it('tryCgroups: writable v1 controllers and a v2 hierarchy', () => {
    expect(tryCgroups(root)).toBe(true);
    expect(tryCgroups(join(root, 'missing', 'x\0'))).toBe(false);
  });

  it('writes memory (and memory+swap) and process limits once per change, reads CPU and OOM kills', () => {
    const g = new JobCgroups('a'.repeat(24), true, root);
    kernelFiles('a'.repeat(24));
    g.setLimits({ ...DEFAULT_RUN_LIMITS, memoryMb: 64, processes: 10 });
    expect(readFileSync(join(group('memory', 'a'.repeat(24)), 'memory.limit_in_bytes'), 'utf8')).toBe(String(64 * 1024 * 1024));
    expect(readFileSync(join(group('memory', 'a'.repeat(24)), 'memory.memsw.limit_in_bytes'), 'utf8')).toBe(String(64 * 1024 * 1024));
    // the job's supervisor counts in the pids group
    expect(readFileSync(join(group('pids', 'a'.repeat(24)), 'pids.max'), 'utf8')).toBe('11');
    expect(g.cpuUsageNs()).toBe(1_500_000_000);
    expect(g.oomKills()).toBe(2);
  });

  it('removes its groups once empty', () => {
    const g = new JobCgroups('b'.repeat(24), false, root);
    expect(g.paths.every((p) => existsSync(p))).toBe(true);
    expect(g.tryRemove()).toBe(true);
    expect(g.paths.some((p) => existsSync(p))).toBe(false);
  });

  it('removeStaleBoxes: an old job directory whose groups are empty goes, a live or recent one stays', () => {
    const base = join(root, 'jobs');
    mkdirSync(base);
    const old = 'c'.repeat(24);
    const live = 'd'.repeat(24);
    const recent = 'e'.repeat(24);
    for (const id of [old, live, recent]) {
      mkdirSync(join(base, id));
      new JobCgroups(id, false, root);
      writeFileSync(join(group('memory', id), 'cgroup.procs'), id === live ? '1234\n' : '');
      if (id !== recent) utimesSync(join(base, id), new Date(0), new Date(0));
    }
    // a test directory stands in for cgroupfs: rmdir of a group with files fails, so empty them first
    for (const id of [old]) for (const c of ['memory', 'pids', 'cpuacct', 'unified']) rmSync(join(group(c, id), 'cgroup.procs'), { force: true });
    removeStaleBoxes(base, root);
    expect(existsSync(join(base, old))).toBe(false);
    expect(existsSync(join(base, live))).toBe(true);
    expect(existsSync(join(base, recent))).toBe(true);
  });
});
