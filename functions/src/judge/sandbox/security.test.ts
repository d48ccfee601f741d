/**
 * Security tests of the judge sandbox: each hostile program must be contained with a clear verdict, leave
 * nothing behind on the host and have no effect on the next job. Runs in the mode the machine offers
 * (namespaces + cgroups in CI, as root); the rlimits fallback has its own block below.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runJob } from '../core/job';
import { DEFAULT_RUN_LIMITS, type SandboxLimits } from './limits';
import { detectSandbox, Sandbox, sandboxEnvironment, type SandboxEnvironment } from './sandbox';

const LIMITS: SandboxLimits = { ...DEFAULT_RUN_LIMITS, cpuSeconds: 2, wallSeconds: 4, memoryMb: 128, processes: 32, outputKb: 64, fileSizeMb: 8 };
const py = (code: string) => ['/usr/bin/python3', '-c', code];
const sh = (code: string) => ['/bin/bash', '-c', code];

/**
 * What a finished job left running. With cgroups: its cgroups still exist only if processes remained in
 * them (dispose removes them once empty). In the rlimits mode: processes of its dedicated user.
 */
function leftovers(box: Sandbox, env: SandboxEnvironment): string[] {
  if (env.mode === 'namespaces') return box.cgroupPaths.filter((p) => existsSync(p));
  const uid = env.dropUid;
  if (uid === null) return [];
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status) && !/^State:\s+Z/m.test(status)) {
        found.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
      }
    } catch {
      // gone
    }
  }
  return found;
}

async function contained(argv: string[], limits: SandboxLimits = LIMITS, env?: SandboxEnvironment) {
  const box = new Sandbox(env);
  const started = Date.now();
  try {
    const outcome = await box.run({ argv, limits, input: '' }).done;
    return { outcome, ms: Date.now() - started, box, left: () => leftovers(box, box.env) };
  } finally {
    await box.dispose();
  }
}

function suite(title: string, env: () => SandboxEnvironment) {
  describe(title, { timeout: 30_000 }, () => {
    const namespaces = env().mode === 'namespaces';
    const slack = namespaces ? 3000 : 6000;

    it('fork bomb (shell) ends at the process limit / time limit and leaves no process', async () => {
      const { outcome, ms, left } = await contained(sh(':(){ :|:& };:; sleep 3'), LIMITS, env());
      expect(ms).toBeLessThan(LIMITS.wallSeconds * 1000 + slack);
      // bash reports the refused forks; the box (and the host) carry on
      expect(outcome.output).toMatch(/fork|Resource temporarily unavailable/);
      expect(left()).toEqual([]);
    });

    it('fork bomb (Python) is contained', async () => {
      const { outcome, ms, left } = await contained(py('import os\nwhile True:\n    try: os.fork()\n    except OSError: pass'), LIMITS, env());
      expect(ms).toBeLessThan(LIMITS.wallSeconds * 1000 + slack);
      expect(outcome.timedOut || outcome.cpuExceeded || outcome.signal !== null).toBe(true);
      expect(left()).toEqual([]);
    });

    it('memory bomb is ended by the memory limit', async () => {
      const { outcome } = await contained(py('x = []\nwhile True: x.append(bytearray(16 << 20))'), LIMITS, env());
      expect(outcome.exitCode).not.toBe(0);
      if (env().cgroups) expect(outcome.memoryExceeded || outcome.signal === 9).toBe(true);
      else expect(outcome.output).toMatch(/MemoryError/);
    });

    it('infinite loop is ended by the CPU limit', async () => {
      const { outcome, ms } = await contained(py('while True: pass'), LIMITS, env());
      expect(outcome.cpuExceeded || outcome.timedOut).toBe(true);
      expect(ms).toBeLessThan(LIMITS.wallSeconds * 1000 + 2000);
    });

    it('sleeping forever is ended by the wall-time limit', async () => {
      const { outcome, ms } = await contained(py('import time\ntime.sleep(10**6)'), { ...LIMITS, wallSeconds: 1 }, env());
      expect(outcome.timedOut).toBe(true);
      expect(ms).toBeLessThan(3000);
    });

    it('100 MB of output is cut at the output limit and the program killed', async () => {
      const { outcome } = await contained(py('import sys\nfor _ in range(100): sys.stdout.write("x" * (1 << 20))'), LIMITS, env());
      expect(outcome.outputExceeded).toBe(true);
      expect(outcome.output.length).toBeLessThanOrEqual(LIMITS.outputKb * 1024);
    });

    it('disk fill stops at the file-size limit (one file) and the memory quota (many files)', async () => {
      const before = statfsSync(env().root).bavail;
      const one = await contained(sh('head -c 100000000 /dev/zero > big; echo "rc=$?"'), LIMITS, env());
      expect(one.outcome.output).not.toMatch(/rc=0/);
      if (env().cgroups) {
        // files are on a tmpfs charged to the job's memory cgroup: many files stop at the memory limit
        const many = await contained(sh('for i in $(seq 1 400); do head -c 4000000 /dev/zero > f$i || exit 9; done; echo done'), LIMITS, env());
        expect(many.outcome.output).not.toMatch(/done/);
      }
      const after = statfsSync(env().root).bavail;
      // nothing stays on the host: the work directory is gone
      expect(Math.abs(Number(after) - Number(before)) * statfsSync(env().root).bsize).toBeLessThan(64 << 20);
    });

    it('a daemon left behind is killed with the job', async () => {
      const { outcome, left } = await contained(sh('(setsid bash -c "sleep 1000" &) ; nohup sleep 999 >/dev/null 2>&1 & disown; echo started'), LIMITS, env());
      expect(outcome.output).toMatch(/started/);
      await new Promise((r) => setTimeout(r, 200));
      expect(left()).toEqual([]);
    });

    it('reads no worker credentials from the environment', async () => {
      process.env.AWS_SECRET_ACCESS_KEY = 'worker-secret-123';
      try {
        const { outcome } = await contained(sh('env; cat /proc/1/environ 2>/dev/null | tr "\\0" "\\n"; cat /proc/$PPID/environ 2>/dev/null'), LIMITS, env());
        expect(outcome.output).not.toMatch(/worker-secret-123|AWS_|JWT|DYNAMO/);
      } finally {
        delete process.env.AWS_SECRET_ACCESS_KEY;
      }
    });

    it('cannot read /etc/shadow', async () => {
      const { outcome } = await contained(sh('cat /etc/shadow && echo LEAK'), LIMITS, env());
      expect(outcome.output).not.toMatch(/LEAK|root:/);
    });

    it.runIf(namespaces)('sees neither the project nor other jobs', async () => {
      const other = new Sandbox(env());
      other.writeFile('secret.txt', 'other-job-secret');
      try {
        const { outcome } = await contained(sh(`ls ${process.cwd()} 2>&1; cat ${other.dir}/secret.txt 2>&1; ls /home; ls /dev/shm 2>&1; ls /sys 2>&1`), LIMITS, env());
        expect(outcome.output).not.toMatch(/other-job-secret|package\.json/);
        expect(outcome.output).toMatch(/No such file/);
      } finally {
        await other.dispose();
      }
    });

    it.runIf(namespaces)('has no network: neither the host loopback nor outside', async () => {
      const server: Server = createServer((s) => s.end('HOST-SERVER'));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as { port: number }).port;
      try {
        const code = `import socket\nfor host, port in (("127.0.0.1", ${port}), ("1.1.1.1", 80), ("8.8.8.8", 53)):\n    try:\n        s = socket.create_connection((host, port), timeout=1); print("CONNECTED", host, s.recv(20))\n    except OSError as e: print("refused", host, e)`;
        const { outcome } = await contained(py(code), LIMITS, env());
        expect(outcome.output).not.toMatch(/CONNECTED/);
        expect(outcome.output.match(/^refused/gm)).toHaveLength(3);
      } finally {
        server.close();
      }
    });

    it('cannot write outside its work directory', async () => {
      const { outcome } = await contained(sh('for f in /usr/x /etc/x /x /home/x /root/x; do echo hi > $f 2>/dev/null && echo "WROTE $f"; done; echo end'), LIMITS, env());
      expect(outcome.output).toMatch(/end/);
      expect(outcome.output).not.toMatch(/WROTE/);
      expect(existsSync('/usr/x') || existsSync('/x')).toBe(false);
    });

    it('a symlink escape reaches nothing: not inside the box, not through the worker', async () => {
      const box = new Sandbox(env());
      try {
        const o = await box.run({ argv: sh('ln -s /etc/shadow leak; ln -sf /etc/shadow vpl_environment.sh; mkdir d; ln -s / d/root; cat leak 2>&1; echo end'), limits: LIMITS, input: '' }).done;
        expect(o.output).not.toMatch(/root:/);
        // the worker never follows a link the program planted
        expect(box.readFile('leak')).toBeNull();
        expect(box.readFile('vpl_environment.sh')).toBeNull();
        expect(box.readFile('d/root/etc/passwd')).toBeNull();
        expect(() => box.writeFile('d/root/tmp/x', 'x')).toThrow();
      } finally {
        await box.dispose();
      }
    });

    it('nothing persists into the next job', async () => {
      const first = await contained(sh('echo x > ~/persist; echo x > /tmp/persist 2>/dev/null; echo ok'), LIMITS, env());
      expect(first.outcome.output).toMatch(/ok/);
      const second = await contained(sh('ls ~/persist /tmp/persist 2>&1; echo end'), LIMITS, env());
      expect(second.outcome.output).not.toMatch(/^\/.*persist$/m);
      expect(existsSync(first.box.dir)).toBe(false);
    });
  });
}

const fallback = detectSandbox('rlimits');

suite(`judge sandbox (${sandboxEnvironment().mode})`, () => sandboxEnvironment());
suite('judge sandbox (rlimits fallback, as inside AWS Lambda)', () => fallback);

describe('compile-time bombs', () => {
  const limits = { cpuSeconds: 3, wallSeconds: 6, memoryMb: 256 };
  it('#include "/dev/urandom" ends at a build limit with a verdict', async () => {
    const r = await runJob({
      kind: 'evaluate',
      submittedFiles: [{ name: 'main.c', content: '#include "/dev/urandom"\nint main(){return 0;}\n' }],
      keepFiles: [],
      configFiles: [{ name: 'vpl_evaluate.cases', content: 'case=a\noutput=1\n' }],
      extension: 'c',
      buildLimits: limits,
    });
    expect(r.compilation).toMatch(/limit exceeded|error/i);
    expect(r.grade).toBe(0);
  }, 30_000);

  it('a huge C++ template instantiation ends at a build limit', async () => {
    const bomb = 'template<int N> struct F { enum { v = F<N-1>::v + F<N-2>::v }; };\ntemplate<> struct F<1> { enum { v = 1 }; };\ntemplate<> struct F<0> { enum { v = 0 }; };\ntemplate<int N> struct B { B<N-1> a, b; };\ntemplate<> struct B<0> { char c; };\nint main() { return F<100000>::v + sizeof(B<40>); }\n';
    const r = await runJob({
      kind: 'evaluate',
      submittedFiles: [{ name: 'main.cpp', content: bomb }],
      keepFiles: [],
      configFiles: [{ name: 'vpl_evaluate.cases', content: 'case=a\noutput=1\n' }],
      extension: 'cpp',
      buildLimits: limits,
    });
    expect(r.compilation.length).toBeGreaterThan(0);
    expect(r.grade).toBe(0);
  }, 30_000);
});


/** What the processes of a job's box see of each other (processes of one job share one box). */
const LIST_PROCESSES = py(
  'import os\nfor p in sorted(os.listdir("/proc")):\n    if p.isdigit():\n        try: print("PROC", p, open(f"/proc/{p}/cmdline","rb").read().replace(b"\\0", b" ").decode())\n        except OSError: pass',
);

describe.runIf(sandboxEnvironment().boxHelper !== null)('a job’s box (one box, every process of the job in it)', { timeout: 30_000 }, () => {
  it('a daemon or a killed program of one process is gone before the next process starts', async () => {
    const box = new Sandbox();
    try {
      const first = await box.run({ argv: sh('(setsid bash -c "sleep 1000" &) ; nohup sleep 999 >/dev/null 2>&1 & echo started'), limits: LIMITS, input: '' }).done;
      expect(first.output).toMatch(/started/);
      const slow = await box.run({ argv: sh('sleep 777 & sleep 888'), limits: { ...LIMITS, wallSeconds: 1 }, input: '' }).done;
      expect(slow.timedOut).toBe(true);
      const next = await box.run({ argv: LIST_PROCESSES, limits: LIMITS, input: '', terminal: false }).done;
      const procs = next.output.split('\n').filter((l) => l.startsWith('PROC'));
      // the box's PID 1 and the listing program itself, nothing else
      expect(procs.join('\n')).not.toMatch(/sleep|bash/);
      expect(procs.length).toBeLessThanOrEqual(2);
      expect(procs[0]).toMatch(/^PROC 1 \/opt\/lectio\/vpl-box hold/);
    } finally {
      await box.dispose();
    }
  });

  it('the box’s PID 1 cannot be killed, traced or read, and the supervisor is not visible', async () => {
    const box = new Sandbox();
    try {
      const o = await box.run({ argv: sh('kill -9 1; kill -STOP 1; echo "kill=$?"; ls /proc/1/fd 2>&1; cat /proc/1/environ 2>&1; cat /proc/1/maps 2>&1 | head -1; echo end'), limits: LIMITS, input: '' }).done;
      expect(o.output).toMatch(/end/);
      expect(o.output).toMatch(/Permission denied/);
      expect(o.output).not.toMatch(/\/usr\/lib|r-xp/);
      const next = await box.run({ argv: LIST_PROCESSES, limits: LIMITS, input: '', terminal: false }).done;
      expect(next.output).toMatch(/PROC 1 /);
      expect(next.output).not.toMatch(/serve|vpl-box run/);
    } finally {
      await box.dispose();
    }
  });

  it('the per-process set-up (no helper) still contains a daemon and has no network', async () => {
    const perProcess: SandboxEnvironment = { ...sandboxEnvironment(), boxHelper: null };
    const { outcome, left } = await contained(sh('(setsid bash -c "sleep 1000" &) ; echo started; python3 -c "import socket; socket.create_connection((\'1.1.1.1\', 80), timeout=1)" 2>&1 | tail -1'), LIMITS, perProcess);
    expect(outcome.output).toMatch(/started/);
    expect(outcome.output).toMatch(/unreachable|Errno/);
    await new Promise((r) => setTimeout(r, 200));
    expect(left()).toEqual([]);
  });
});

/**
 * Runs testing/inherited-fd.ts with a pipe on descriptor 200 (Node's spawn closes low descriptors, not high
 * ones such as the pipe on 251 a server's parent left); returns the program's output and what reached it.
 */
function withInheritedPipe(how: 'box' | 'per-process' | 'rlimits'): Promise<{ output: string; leaked: string }> {
  return new Promise((resolve, reject) => {
    const stdio: Array<'ignore' | 'pipe' | 'inherit'> = Array.from({ length: 201 }, () => 'ignore');
    stdio[1] = 'pipe';
    stdio[2] = 'inherit';
    stdio[200] = 'pipe';
    const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/judge/testing/inherited-fd.ts', how], { cwd: process.cwd(), stdio });
    let output = '';
    let leaked = '';
    child.stdout!.on('data', (d) => (output += d));
    (child.stdio[200 as number] as unknown as NodeJS.ReadableStream).on('data', (d) => (leaked += d));
    child.on('error', reject);
    child.on('close', () => resolve({ output, leaked }));
  });
}

describe('descriptors the worker inherited do not reach the program', { timeout: 60_000 }, () => {
  const modes = [
    ...(sandboxEnvironment().boxHelper !== null ? (['box'] as const) : []),
    ...(sandboxEnvironment().mode === 'namespaces' ? (['per-process'] as const) : []),
    'rlimits' as const,
  ];
  it.each(modes)('%s: only stdin, stdout and stderr are open in the program', async (how) => {
    const { output, leaked } = await withInheritedPipe(how);
    expect(output).toMatch(/end/);
    // ls lists 0, 1, 2 and the descriptor of the directory it reads
    const fds = output.split('\n')[0]!.trim().split(/\s+/).map(Number);
    expect(fds.filter((fd) => fd > 3)).toEqual([]);
    expect(output).toMatch(/Bad file descriptor/);
    expect(leaked).toBe('');
  });
});

describe('the rlimits sandbox has no network: vpl-guard’s seccomp filter', { timeout: 30_000 }, () => {
  let server: Server;
  let connections = 0;
  it('a program cannot open an internet socket, not even to a server on loopback, nor ptrace', async () => {
    server = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const { outcome } = await contained(
        py(`import socket, ctypes\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=2); print("connected")\nexcept OSError as e: print("refused", e)\nprint("unix", socket.socket(socket.AF_UNIX).fileno() > 0)\nprint("ptrace", ctypes.CDLL(None).ptrace(0, 0, 0, 0))`),
        LIMITS,
        fallback,
      );
      expect(outcome.output).toMatch(/refused \[Errno 13\] Permission denied/);
      expect(outcome.output).toMatch(/unix True/);
      expect(outcome.output).toMatch(/ptrace -1/);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });
});
