/**
 * Debian's jupyter-server as the kernel service (local cloud and the AWS gateway's container alike):
 * started on first use, bound to 127.0.0.1 on a free private port (outside Lectio's own ports) with a
 * random token of its own, kernels only through the sandboxed `python3` kernelspec (sandbox.ts), idle
 * kernels culled by jupyter's MappingKernelManager. Nothing but Lectio's kernel proxy talks to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CGROUP_ROOT } from '../judge';
import {
  DEFAULT_KERNEL_LIMITS,
  detectKernelSandbox,
  kernelBwrap,
  releaseKernelUids,
  removeKernelLeftovers,
  writeKernelspec,
  type KernelLimits,
  type KernelSandbox,
} from './sandbox';

export const JUPYTER_SERVER = '/usr/bin/jupyter-server';

const NODELAY_CONFIG = `from jupyter_server.services.kernels.handlers import ZMQChannelsHandler
_open = ZMQChannelsHandler.open
def _open_nodelay(self, *args, **kwargs):
    self.set_nodelay(True)
    return _open(self, *args, **kwargs)
ZMQChannelsHandler.open = _open_nodelay
`;

export interface JupyterOptions {
  /** Where the server's own files, the kernelspec and the kernels' directories go. */
  baseDir?: string;
  /** The directory baseDir is made in when not given (`KERNEL_WORK_ROOT`; /dev/shm, else the temporary directory). */
  workRoot?: string;
  /** `KERNEL_SANDBOX`: '' / 'namespaces' (default), 'uids' or 'none' (operator's choice only). */
  sandboxSetting?: string;
  /** `uids`: prebuilt helpers (`KERNEL_UID_HELPER`, `KERNEL_GUARD_HELPER`); compiled on first use otherwise. */
  uidHelper?: string;
  guardHelper?: string;
  /** false: no cgroups for the kernels (`KERNEL_CGROUPS=0`). */
  cgroups?: boolean;
  /** The bubblewrap binary (tests point it at a missing file to see the refusal). */
  bwrap?: string;
  limits?: KernelLimits;
  /** Idle seconds before a kernel is culled (`KERNEL_CULL_IDLE_SECONDS`, default 900). */
  cullIdleSeconds?: number;
  /** How often jupyter looks for idle kernels. */
  cullIntervalSeconds?: number;
  log?: (line: string) => void;
}

export interface JupyterServer {
  url: string;
  token: string;
  sandbox: KernelSandbox;
  kernelsDir: string;
  /** jupyter's runtime directory (the kernels' connection files). */
  runtimeDir: string;
  /** `uids`: the taken uid slots. */
  slotsDir: string;
  stop(): Promise<void>;
}

/** Whether Debian's jupyter-server is installed here. */
export const jupyterInstalled = (): boolean => existsSync(JUPYTER_SERVER);

/** A free port the OS hands out (its ephemeral range, far from Lectio's 3000-3999). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, token: string, child: ChildProcess, errors: () => string): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`jupyter-server ended: ${errors().trim().slice(-600)}`);
    try {
      const r = await fetch(`${url}/api/status`, { headers: { authorization: `token ${token}` } });
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('jupyter-server did not start in 20 s');
}

/** Starts jupyter-server with the sandboxed kernelspec; throws `SandboxUnavailable` when there is no sandbox. */
export async function startJupyter(options: JupyterOptions = {}): Promise<JupyterServer> {
  const log = options.log ?? (() => undefined);
  if (!jupyterInstalled()) throw new Error(`jupyter-server (${JUPYTER_SERVER}) is not installed`);
  const root = options.workRoot ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  const base = options.baseDir ?? join(root, `lectio-kernels-${process.pid}-${randomBytes(4).toString('hex')}`);
  const runtimeDir = join(base, 'runtime');
  const kernelsDir = join(base, 'k');
  const slotsDir = join(base, 'slots');
  for (const d of [base, runtimeDir, kernelsDir, join(base, 'config'), join(base, 'root')]) mkdirSync(d, { recursive: true, mode: 0o711 });
  mkdirSync(slotsDir, { mode: 0o700 });
  const limits = options.limits ?? DEFAULT_KERNEL_LIMITS;
  const sandbox = detectKernelSandbox({ setting: options.sandboxSetting, bwrap: options.bwrap, workRoot: base, uidHelper: options.uidHelper, guardHelper: options.guardHelper, cgroups: options.cgroups });
  log(sandbox.description);
  writeKernelspec(base, { kernelsDir, slotsDir, runtimeDir, sandbox, limits, cgroupRoot: CGROUP_ROOT, bwrap: kernelBwrap(limits) });

  // The channels handler leaves Nagle's algorithm on: each small frame after the first waited for the
  // proxy's delayed ACK (~40 ms a message). Jupyter reads this file at start (its config is Python).
  writeFileSync(join(base, 'config', 'jupyter_server_config.py'), NODELAY_CONFIG);

  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const cullIdle = options.cullIdleSeconds ?? 900;
  const args = [
    '--ServerApp.ip=127.0.0.1',
    `--ServerApp.port=${port}`,
    '--ServerApp.port_retries=0',
    '--ServerApp.open_browser=False',
    `--ServerApp.root_dir=${join(base, 'root')}`,
    '--ServerApp.allow_remote_access=False',
    '--ServerApp.terminals_enabled=False',
    '--KernelManager.transport=ipc',
    '--KernelSpecManager.ensure_native_kernel=False',
    '--KernelSpecManager.allowed_kernelspecs=python3',
    // root: the launcher makes the kernels' cgroups and drops each kernel to nobody
    ...(process.getuid?.() === 0 ? ['--allow-root'] : []),
    `--MappingKernelManager.cull_idle_timeout=${cullIdle}`,
    `--MappingKernelManager.cull_interval=${options.cullIntervalSeconds ?? Math.max(1, Math.min(60, Math.floor(cullIdle / 2)))}`,
    '--MappingKernelManager.cull_connected=False',
    '--MappingKernelManager.cull_busy=False',
    '--MappingKernelManager.default_kernel_name=python3',
  ];
  const child = spawn(JUPYTER_SERVER, args, {
    cwd: base,
    env: {
      PATH: '/usr/bin:/bin',
      HOME: base,
      LANG: 'C.UTF-8',
      JUPYTER_TOKEN: token,
      JUPYTER_CONFIG_DIR: join(base, 'config'),
      JUPYTER_DATA_DIR: join(base, 'data'),
      JUPYTER_RUNTIME_DIR: runtimeDir,
      JUPYTER_PATH: join(base, 'data'),
      JUPYTER_PLATFORM_DIRS: '1',
      // the gateway image preloads vpl-nodump: jupyter-server (its token) stays out of the kernels' reach too
      ...(process.env.LD_PRELOAD ? { LD_PRELOAD: process.env.LD_PRELOAD } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => {
    errors = (errors + d.toString('utf8')).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, token, child, () => errors);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  log(`jupyter-server ${url} (kernels under ${kernelsDir})`);
  return {
    url,
    token,
    sandbox,
    kernelsDir,
    runtimeDir,
    slotsDir,
    async stop() {
      if (child.exitCode === null) {
        const ended = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await ended;
        clearTimeout(timer);
      }
      releaseKernelUids(sandbox, { slotsDir, kernelsDir }, () => false);
      for (const id of existsSync(kernelsDir) ? readdirSync(kernelsDir) : []) removeKernelLeftovers(kernelsDir, id);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
