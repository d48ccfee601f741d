/**
 * The AWS runner has nothing to take: its situation (no namespaces, the learner's program runs with the
 * runner's own uid, AWS keys in the runner's environment, the job's channel keys in its memory, the Lambda
 * runtime API on loopback) rebuilt on this machine. As root the test starts the runner's handler as an
 * unprivileged uid with JUDGE_SANDBOX=rlimits and the image's LD_PRELOAD of vpl-nodump. A hostile program
 * reads every /proc/<pid>/environ, cmdline, maps and readable memory, walks the readable files, tries
 * ptrace and connects to a stand-in of the runtime API: it finds no credential and reaches nothing.
 * Without the preload the runner refuses to run the job at all.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHelper } from './sandbox/helpers';
import type { RunnerEvent } from './runner';
import type { JudgeResult } from './core/job';

const WORKER_UID = 64_777;
const asRoot = process.getuid?.() === 0;

/** The hostile program: prints what it could read that looks like Lectio's secrets, and what it reached. */
const scanner = (port: number) => `import os, socket, ctypes
MARK = b"LECTIO" + b"SECRET-"
found, procs, files = [], 0, 0
def check(label, data):
    i = data.find(MARK)
    while i >= 0:
        found.append(label + " " + data[i:i + 48].decode("latin1"))
        i = data.find(MARK, i + 1)
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    for name in ("environ", "cmdline", "maps"):
        try:
            check("/proc/%s/%s" % (pid, name), open("/proc/%s/%s" % (pid, name), "rb").read())
            procs += 1
        except OSError:
            pass
    try:
        mem = open("/proc/%s/mem" % pid, "rb", 0)
        for line in open("/proc/%s/maps" % pid).read().splitlines():
            span, perms = line.split()[:2]
            if "r" not in perms:
                continue
            start, end = (int(x, 16) for x in span.split("-"))
            try:
                mem.seek(start)
                check("/proc/%s/mem" % pid, mem.read(min(end - start, 1 << 24)))
            except (OSError, ValueError, OverflowError):
                pass
    except OSError:
        pass
for root, dirs, names in os.walk("/"):
    if root.startswith(("/proc", "/sys", "/dev", "/usr")) or "node_modules" in root:
        dirs[:] = []
        continue
    for name in names:
        path = os.path.join(root, name)
        try:
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                check(path, f.read(1 << 18))
            files += 1
        except OSError:
            pass
    if files > 20000:
        break
libc = ctypes.CDLL(None, use_errno=True)
print("ptrace of the runner:", libc.ptrace(16, os.getppid(), 0, 0))
try:
    socket.create_connection(("127.0.0.1", ${port}), timeout=2)
    print("CONNECTED to the runtime API")
except OSError as e:
    print("runtime API not reached:", e)
print("processes read: %d, files read: %d" % (procs, files))
for f in found:
    print("FOUND", f)
`;

let dir: string;
let nodump: string;
let runtimeApi: Server;
let connections = 0;

beforeAll(() => {
  if (!asRoot) return;
  dir = mkdtempSync(join(tmpdir(), 'runner-isolation-'));
  chmodSync(dir, 0o777);
  nodump = buildHelper(dir, 'vpl-nodump', [])!;
  runtimeApi = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  return new Promise<void>((resolve) => runtimeApi.listen(0, '127.0.0.1', () => resolve()));
});
afterAll(() => {
  runtimeApi?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Answer = { result?: JudgeResult; error?: string };

/** Runs the runner's handler on each event in turn as the unprivileged worker uid, in one process. */
function runWorker(events: RunnerEvent[], env: Record<string, string>): Promise<{ answers: Answer[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/usr/bin/setpriv',
      [`--reuid=${WORKER_UID}`, `--regid=${WORKER_UID}`, '--clear-groups', '--', process.execPath, '--import', 'tsx', 'functions/src/judge/testing/isolated-runner.ts'],
      {
        cwd: process.cwd(),
        env: {
          PATH: '/usr/local/bin:/usr/bin:/bin',
          HOME: dir,
          TMPDIR: join(dir, 'tmp'),
          JUDGE_SANDBOX: 'rlimits',
          JUDGE_WORK_ROOT: join(dir, 'work'),
          JUDGE_SWEEP_OWN_UID: '1',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          ...env,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let stderr = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve({ answers: JSON.parse(out) as Answer[], stderr });
      } catch {
        reject(new Error(`worker failed: ${out} ${stderr}`));
      }
    });
    child.stdin.end(JSON.stringify(events));
  });
}

describe.runIf(asRoot)('the AWS runner (rlimits sandbox, same uid as the learner) has nothing to take', { timeout: 120_000 }, () => {
  const secret = () => randomBytes(16).toString('hex');
  const keys = { role: secret(), session: secret(), channel: secret() };
  const credentials = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: `LECTIOSECRET-${keys.role}`, AWS_SESSION_TOKEN: `LECTIOSECRET-${keys.session}` };
  const event = (port: number): RunnerEvent => ({
    ticket: 'isolation',
    job: {
      kind: 'run',
      extension: 'py',
      submittedFiles: [{ name: 'main.py', content: scanner(port) }],
      keepFiles: [],
      configFiles: [],
      limits: { cpuSeconds: 20, wallSeconds: 40, outputKb: 512 },
    },
    // the job's channel keys, held in the runner's memory as in AWS (not used without `channel`)
    credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: `LECTIOSECRET-${keys.channel}`, sessionToken: 'token' },
  });

  it('a program reading /proc/*/environ, memory and every readable file finds no credential, and reaches no socket', async () => {
    const port = (runtimeApi.address() as AddressInfo).port;
    const { answers, stderr } = await runWorker([event(port)], { ...credentials, LD_PRELOAD: nodump });
    const [{ result, error }] = answers as [Answer];
    expect(error, stderr).toBeUndefined();
    const output = result!.compilation + result!.execution;
    // the scan ran (not a vacuous pass): it read processes and files
    const counts = /processes read: (\d+), files read: (\d+)/.exec(output);
    expect(counts, output).not.toBeNull();
    expect(Number(counts![1])).toBeGreaterThan(3);
    expect(Number(counts![2])).toBeGreaterThan(50);
    for (const key of Object.values(keys)) expect(output).not.toContain(key);
    expect(output).toMatch(/ptrace of the runner: -1/);
    expect(output).toMatch(/runtime API not reached/);
    expect(connections).toBe(0);
  });

  it('refuses to run learner code when the runner is dumpable (no vpl-nodump preload)', async () => {
    const port = (runtimeApi.address() as AddressInfo).port;
    const { answers } = await runWorker([event(port)], credentials);
    const [{ result, error }] = answers as [Answer];
    expect(result).toBeUndefined();
    expect(error).toMatch(/JUDGE_SANDBOX=rlimits/);
    expect(error).toMatch(/undumpable/);
    expect(connections).toBe(0);
  });

  it('nothing of one job survives into the next in a reused environment: no process of the uid, nothing in /tmp', async () => {
    const job = (program: string): RunnerEvent => ({
      ticket: 'reuse',
      job: { kind: 'run', extension: 'py', submittedFiles: [{ name: 'main.py', content: program }], keepFiles: [], configFiles: [] },
    });
    const leaveBehind = job(
      'import os, subprocess\nsubprocess.Popen(["/bin/sleep", "321"], start_new_session=True)\nif os.fork() == 0:\n    os.setsid(); os.execv("/bin/sleep", ["sleep", "322"])\nopen("/tmp/left-by-job-1", "w").write("x")\nprint("left")\n',
    );
    const look = job(
      'import os\nmine = []\nfor p in [p for p in os.listdir("/proc") if p.isdigit()]:\n    try:\n        if os.stat("/proc/" + p).st_uid == os.getuid(): mine.append(open("/proc/%s/cmdline" % p, "rb").read().replace(b"\\0", b" ").decode())\n    except OSError: pass\nprint("PROCS", mine)\nprint("TMP", sorted(os.listdir("/tmp")))\n',
    );
    const { answers, stderr } = await runWorker([leaveBehind, look], { LD_PRELOAD: nodump });
    expect(answers.map((a) => a.error), stderr).toEqual([undefined, undefined]);
    expect(answers[0]!.result!.execution).toContain('left');
    const seen = answers[1]!.result!.execution;
    // the listing sees the job's own processes (it is not blind), and nothing of the job before
    expect(seen).toMatch(/PROCS \[.*python3/);
    expect(seen).not.toMatch(/sleep 32[12]/);
    expect(seen).not.toContain('left-by-job-1');
  });
});
