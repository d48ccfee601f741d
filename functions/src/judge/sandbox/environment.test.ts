/**
 * Fail closed: the judge chooses the namespace sandbox or nothing, unless the operator sets
 * JUDGE_SANDBOX=rlimits; `npm start` refuses to start without a sandbox, naming the setting.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';

const missing = vi.hoisted(() => ({ bwrap: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return { ...fs, existsSync: (p: string) => (missing.bwrap && p === '/usr/bin/bwrap' ? false : fs.existsSync(p)) };
});

const { bwrapArgs, detectSandbox, requestedMode, SandboxUnavailable } = await import('./environment');

describe('the sandbox mode', () => {
  it('is namespaces unless the operator sets JUDGE_SANDBOX=rlimits', () => {
    expect(requestedMode(undefined)).toBe('namespaces');
    expect(requestedMode('')).toBe('namespaces');
    expect(requestedMode('namespaces')).toBe('namespaces');
    expect(requestedMode('rlimits')).toBe('rlimits');
    expect(() => requestedMode('none')).toThrow(SandboxUnavailable);
    expect(() => requestedMode('none')).toThrow(/JUDGE_SANDBOX=none is not a sandbox mode/);
  });

  it('without bubblewrap the judge refuses, says how to install it and names the setting (no silent fallback)', () => {
    missing.bwrap = true;
    try {
      expect(() => detectSandbox('namespaces')).toThrow(SandboxUnavailable);
      expect(() => detectSandbox('namespaces')).toThrow(/bubblewrap \(\/usr\/bin\/bwrap\) is not installed.*apt-get install -y bubblewrap.*JUDGE_SANDBOX=rlimits/);
    } finally {
      missing.bwrap = false;
    }
  });

  it.runIf(process.getuid?.() === 0)('rlimits, asked for explicitly, runs as root with a dedicated uid and says so in the log', () => {
    const env = detectSandbox('rlimits');
    expect(env.mode).toBe('rlimits');
    expect(env.dropUid).not.toBeNull();
    expect(env.description).toMatch(/JUDGE_SANDBOX=rlimits/);
    expect(env.guardHelper).toMatch(/vpl-guard/);
  });

  it('bubblewrap: every namespace, no capabilities, an empty environment, a read-only root, the helpers mounted', () => {
    const args = bwrapArgs('/jobs/x', { A: '1' }, 1024, { pty: '/t/pty', guard: '/t/guard' });
    for (const flag of ['--unshare-all', '--disable-userns', '--die-with-parent', '--new-session', '--clearenv']) expect(args).toContain(flag);
    expect(args.join(' ')).toMatch(/--cap-drop ALL/);
    expect(args.join(' ')).toMatch(/--setenv A 1/);
    expect(args.join(' ')).toMatch(/--ro-bind \/t\/pty \/opt\/lectio\/vpl-pty/);
    expect(args.join(' ')).toMatch(/--ro-bind \/t\/guard \/opt\/lectio\/vpl-guard/);
    expect(args.join(' ')).toMatch(/--bind \/jobs\/x \/home\/vpl --chdir \/home\/vpl --remount-ro \/$/);
    expect(args.join(' ')).not.toMatch(/\/etc\/(shadow|passwd)/);
  });
});

describe('npm start', () => {
  it('refuses to start the local cloud without a sandbox, with a message naming the setting', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'functions/src/app/local.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, JUDGE_SANDBOX: 'off', PORT: '0', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/\[local-cloud\] The code judge will not run learner programs: JUDGE_SANDBOX=off is not a sandbox mode/);
    expect(r.stderr).toMatch(/apt-get install -y bubblewrap/);
  });
});
