/**
 * The `rlimits` mode has no PID namespace to end, so what a program left behind (daemons, fork bombs, files
 * in shared temporary directories) is found by its user. As root the sandbox user is the judge's alone, so
 * `kill -9 -1` run as that user ends all of them at once; otherwise (the AWS runner: one job per
 * environment at a time, JUDGE_SWEEP_OWN_UID=1) every process of our uid but the worker is killed.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SETPRIV } from './environment';
import { env } from '../../platform/config';

/** The processes of a user (zombies too when asked: they still count against RLIMIT_NPROC). */
export function userProcesses(uid: number, withZombies = false): number[] {
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

/** Kills every process of the sandbox user (`dropUid`), or of our own uid but the worker when allowed. */
export function sweepUser(dropUid: number | null): void {
  if (dropUid !== null) {
    const asUser = [`--reuid=${dropUid}`, `--regid=${dropUid}`, '--clear-groups', '--', '/bin/kill', '-9', '-1'];
    for (let round = 0; round < 20 && userProcesses(dropUid).length > 0; round++) {
      spawnSync(SETPRIV, asUser, { env: {}, stdio: 'ignore' });
    }
    return;
  }
  if (env('JUDGE_SWEEP_OWN_UID') !== '1') return;
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const keep = new Set([process.pid, process.ppid]);
  for (let round = 0; round < 20; round++) {
    const pids = userProcesses(uid).filter((p) => !keep.has(p));
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

/** What the sandbox user left in the world-writable directories. */
export function sweepSharedTemp(uid: number | null): void {
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
