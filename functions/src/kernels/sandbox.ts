/**
 * How a kernel runs: inside the judge's box (bubblewrap: new user, PID, mount, network, IPC and UTS
 * namespaces; read-only system, private /tmp, no network but loopback; its own work directory at
 * /home/vpl), dropped to nobody, in cgroups of its own (memory, processes, CPU share). A kernel is a
 * long-lived session, not a job: the judge's job runner is not used, only its box and its rule that
 * learner code never runs unprotected by accident (fail closed: no sandbox, no kernel, unless the
 * operator sets KERNEL_SANDBOX=none).
 *
 * Where there are no user namespaces (ECS Fargate: the AWS gateway) `KERNEL_SANDBOX=uids` gives each
 * kernel a uid of its own from a pool (KERNEL_UID_BASE + slot, the slot freed when the kernel ends) and
 * starts it through `kernel-uid` (kernel-uid.c; file capabilities cap_setuid, cap_setgid, cap_chown in
 * the image): its work directory 0700 and its socket directory become that uid's, the kernel runs with
 * no supplementary groups, no capabilities, no new privileges, a process limit per uid, a data-size
 * limit, behind the judge's vpl-guard (seccomp: no internet sockets, no ptrace), and dies with the
 * helper jupyter started (jupyter, another uid, cannot signal it). Another kernel's files, /proc/<pid>
 * and signals are then out of reach; the server and the proxy are another uid and undumpable. Without
 * the capability (or the helper) the mode refuses to start kernels.
 *
 * Jupyter starts every kernel through the kernelspec's argv: a small launcher (Python, run by the
 * server as its child) makes the kernel's directories and cgroups and execs bubblewrap (or kernel-uid).
 * With `KernelManager.transport=ipc` the kernel's sockets are files; the launcher binds a directory of
 * the kernel's own over the server's runtime directory inside the box (uids: the kernel binds in that
 * directory, the server's runtime directory links to it) and links the socket names the server
 * connects to into it, so a kernel sees no other kernel's sockets or connection files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { BOX_HOME, BWRAP, bwrapArgs, buildHelper, CGROUP_ROOT, NOBODY, namespacesWork, SandboxUnavailable } from '../judge';

/** The one setting that lets kernels run without the sandbox (operator's choice, e.g. inside a container that is the boundary). */
export const KERNEL_SANDBOX_SETTING = 'KERNEL_SANDBOX';

export interface KernelLimits {
  memoryMb: number;
  processes: number;
  /** Share of one CPU in per cent (cgroup cpu.cfs_quota_us). */
  cpuPercent: number;
  /** Size of the box's private /tmp. */
  tmpMb: number;
  fileSizeMb: number;
  openFiles: number;
}

export const DEFAULT_KERNEL_LIMITS: KernelLimits = { memoryMb: 512, processes: 64, cpuPercent: 100, tmpMb: 64, fileSizeMb: 64, openFiles: 256 };

export interface KernelSandbox {
  mode: 'namespaces' | 'uids' | 'none';
  cgroups: boolean;
  dropUid: number | null;
  /** `uids`: the pool (uid = base + slot) and the helpers that start a kernel under one. */
  uids?: { base: number; slots: number; helper: string; guard: string };
  description: string;
}

/** The kernels' uid pool (`uids`): kernel-uid.c accepts 30000-30999 only. */
export const KERNEL_UID_BASE = 30_000;
export const KERNEL_UID_SLOTS = 256;

/** The cgroup parent of the kernels (per controller). */
export const KERNEL_CGROUP_PARENT = 'lectio-kernels';
const CONTROLLERS = ['memory', 'pids', 'cpu'] as const;

function cgroupsWork(root: string): boolean {
  try {
    for (const c of CONTROLLERS) mkdirSync(join(root, c, KERNEL_CGROUP_PARENT), { recursive: true });
    return existsSync(join(root, 'memory', KERNEL_CGROUP_PARENT, 'memory.limit_in_bytes'));
  } catch {
    return false;
  }
}

/** Whether bubblewrap starts a box here: the judge's probe (three tries), when the binary asked for is there. */
const boxWorks = (probeDir: string, bwrap: string, dropUid: number | null): boolean =>
  existsSync(bwrap) && bwrap === BWRAP && namespacesWork(probeDir, dropUid);

/**
 * Decides the kernels' sandbox once: namespaces when bubblewrap works; `none` only when the operator asked
 * for it (`KERNEL_SANDBOX=none`); otherwise `SandboxUnavailable` and no kernel starts.
 */
export function detectKernelSandbox(opts: {
  setting?: string;
  bwrap?: string;
  workRoot: string;
  cgroupRoot?: string;
  /** `uids`: prebuilt kernel-uid and vpl-guard (KERNEL_UID_HELPER, KERNEL_GUARD_HELPER); compiled here otherwise. */
  uidHelper?: string;
  guardHelper?: string;
  /** false: no cgroups even where they work (KERNEL_CGROUPS=0). */
  cgroups?: boolean;
}): KernelSandbox {
  const setting = opts.setting ?? '';
  if (setting !== '' && setting !== 'namespaces' && setting !== 'uids' && setting !== 'none') {
    throw new SandboxUnavailable(`${KERNEL_SANDBOX_SETTING}=${setting} is not a kernel sandbox mode (namespaces, uids or none)`);
  }
  const root = process.getuid?.() === 0;
  const cgroups = root && opts.cgroups !== false && cgroupsWork(opts.cgroupRoot ?? CGROUP_ROOT);
  if (setting === 'uids') return detectUids(opts.workRoot, cgroups, opts.uidHelper, opts.guardHelper);
  if (setting === 'none') {
    return { mode: 'none', cgroups, dropUid: null, description: `kernels: NO SANDBOX (${KERNEL_SANDBOX_SETTING}=none)${cgroups ? '; cgroups' : ''}` };
  }
  const bwrap = opts.bwrap ?? BWRAP;
  const dropUid = root ? NOBODY : null;
  if (!boxWorks(opts.workRoot, bwrap, dropUid)) {
    throw new SandboxUnavailable(
      existsSync(bwrap)
        ? 'bubblewrap is installed but cannot create namespaces on this machine (kernels will not start)'
        : `bubblewrap (${bwrap}) is not installed (kernels will not start; ${KERNEL_SANDBOX_SETTING}=none runs them unprotected)`,
    );
  }
  return {
    mode: 'namespaces',
    cgroups,
    dropUid,
    description: `kernels: namespaces (bubblewrap: user, pid, mount, net, ipc, uts; read-only system, private /tmp)${cgroups ? '; cgroups (memory, pids, cpu)' : '; no cgroups'}${dropUid !== null ? `; uid ${dropUid}` : ''}`,
  };
}

/** `uids`: the helpers, and whether the helper may switch to the pool's uids here (its capabilities, or root). */
function detectUids(workRoot: string, cgroups: boolean, uidHelper?: string, guardHelper?: string): KernelSandbox {
  const helper = buildHelper(workRoot, 'kernel-uid', [], uidHelper, new URL('./kernel-uid.c', import.meta.url));
  const guard = buildHelper(workRoot, 'vpl-guard', [], guardHelper);
  if (!helper || !guard) {
    throw new SandboxUnavailable(`${KERNEL_SANDBOX_SETTING}=uids: the kernel-uid or vpl-guard helper could not be built (gcc is missing) and none is prebuilt (KERNEL_UID_HELPER, KERNEL_GUARD_HELPER)`);
  }
  const probe = spawnSync(helper, ['--probe', String(KERNEL_UID_BASE + KERNEL_UID_SLOTS - 1)], { env: {}, timeout: 10_000, encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new SandboxUnavailable(
      `${KERNEL_SANDBOX_SETTING}=uids: ${helper} cannot switch to the kernels' uids (it needs the file capabilities cap_setuid, cap_setgid and cap_chown, or root; kernels will not start): ${(probe.stderr ?? '').trim().slice(0, 200)}`,
    );
  }
  return {
    mode: 'uids',
    cgroups,
    dropUid: null,
    uids: { base: KERNEL_UID_BASE, slots: KERNEL_UID_SLOTS, helper, guard },
    description: `kernels: uids (a uid of its own per kernel from ${KERNEL_UID_BASE}, its work directory 0700, no groups, no capabilities, no new privileges, seccomp: no network sockets)${cgroups ? '; cgroups (memory, pids, cpu)' : '; rlimits (data size, processes per uid)'}`,
  };
}

/** What the launcher needs, written beside it as JSON. */
export interface LauncherConfig {
  kernelsDir: string;
  /** `uids`: one file per taken uid slot (its name the slot, its content the kernel id). */
  slotsDir: string;
  runtimeDir: string;
  sandbox: KernelSandbox;
  limits: KernelLimits;
  cgroupRoot: string;
  /** The bubblewrap command line before the per-kernel binds ({HOME} marks the kernel's home). */
  bwrap: string[];
}

/** The launcher Jupyter runs for every kernel (argv of the kernelspec). */
const LAUNCHER = String.raw`#!/usr/bin/python3 -I
# Lectio's kernel launcher (written by functions/src/kernels/sandbox.ts): the kernel's directories,
# cgroups and limits, then bubblewrap (uids: kernel-uid). Runs as the jupyter-server's child; argv[1] is
# the connection file.
import json, os, resource, shutil, sys
cfg = json.load(open(sys.argv[2]))
cf = sys.argv[1]
name = os.path.basename(cf)[:-5]            # kernel-<uuid>
kid = name[len('kernel-'):]
home = os.path.join(cfg['kernelsDir'], kid)
run = os.path.join(home, '.run')
work = os.path.join(home, 'work')
sb = cfg['sandbox']
uid = sb['dropUid']

def take_slot():
    # a restarted kernel keeps its slot; otherwise the first free one (O_EXCL: launchers may run side by side)
    slots = cfg['slotsDir']
    for i in range(sb['uids']['slots']):
        try:
            with open(os.path.join(slots, str(i))) as f:
                if f.read() == kid:
                    return i
        except OSError:
            pass
    for i in range(sb['uids']['slots']):
        try:
            fd = os.open(os.path.join(slots, str(i)), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        os.write(fd, kid.encode())
        os.close(fd)
        return i
    sys.exit('kernel launcher: no free kernel uid')

for d in (home, run, work):
    os.makedirs(d, exist_ok=True)
os.chmod(home, 0o711)
info = json.load(open(cf))
inner_cf = os.path.join(run, name + '.json')
if sb['mode'] == 'uids':
    kuid = sb['uids']['base'] + take_slot()
    # .run: the kernel's, with the server's group (setgid: its sockets inherit it); work: the kernel's alone.
    # kernel-uid hands them over; after a restart they are the kernel's already.
    for d, mode in ((run, 0o2770), (work, 0o700)):
        if os.stat(d).st_uid == os.getuid():
            os.chmod(d, mode)
    ip = info['ip']
    info['ip'] = os.path.join(run, 's')
    try:
        os.unlink(inner_cf)
    except FileNotFoundError:
        pass
    fd = os.open(inner_cf, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640)
    os.write(fd, json.dumps(info).encode())
    os.close(fd)
    # readable by the kernel only through .run, which no other kernel may enter
    os.chmod(inner_cf, 0o644)
    for key in ('shell_port', 'iopub_port', 'stdin_port', 'control_port', 'hb_port'):
        link = '%s-%s' % (ip, info[key])
        try:
            os.unlink(link)
        except FileNotFoundError:
            pass
        os.symlink('%s-%s' % (info['ip'], info[key]), link)
else:
    shutil.copyfile(cf, inner_cf)
if sb['mode'] == 'namespaces':
    # the server connects to <runtime>/kernel-<id>-ipc-<port>; the kernel binds them in its own directory
    ip = info['ip']
    for key in ('shell_port', 'iopub_port', 'stdin_port', 'control_port', 'hb_port'):
        link = '%s-%s' % (ip, info[key])
        target = os.path.join(run, os.path.basename(link))
        try:
            os.unlink(link)
        except FileNotFoundError:
            pass
        os.symlink(target, link)
if uid is not None:
    for d in (run, work):
        os.chown(d, uid, uid)
    os.chown(inner_cf, uid, uid)
if sb['mode'] != 'uids':
    os.chmod(inner_cf, 0o600)
lim = cfg['limits']
if sb['cgroups']:
    root = cfg['cgroupRoot']
    def cg(ctrl, fname, value):
        d = os.path.join(root, ctrl, 'lectio-kernels', kid)
        os.makedirs(d, exist_ok=True)
        if fname:
            with open(os.path.join(d, fname), 'w') as f:
                f.write(str(value))
        return d
    mem = str(lim['memoryMb'] * 1024 * 1024)
    cg('memory', 'memory.limit_in_bytes', mem)
    try:
        cg('memory', 'memory.memsw.limit_in_bytes', mem)
    except OSError:
        pass
    cg('pids', 'pids.max', lim['processes'])
    cg('cpu', 'cpu.cfs_period_us', 100000)
    cg('cpu', 'cpu.cfs_quota_us', lim['cpuPercent'] * 1000)
    for ctrl in ('memory', 'pids', 'cpu'):
        with open(os.path.join(root, ctrl, 'lectio-kernels', kid, 'cgroup.procs'), 'w') as f:
            f.write(str(os.getpid()))
resource.setrlimit(resource.RLIMIT_NOFILE, (lim['openFiles'], lim['openFiles']))
fsize = lim['fileSizeMb'] * 1024 * 1024
resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
kernel = ['/usr/bin/python3', '-m', 'ipykernel_launcher', '-f']
env = {'PATH': '/usr/bin:/bin', 'HOME': work, 'LANG': 'C.UTF-8', 'MPLBACKEND': 'module://matplotlib_inline.backend_inline', 'MPLCONFIGDIR': os.path.join(run, 'mpl')}
if sb['mode'] == 'none':
    os.chdir(work)
    os.execve(kernel[0], kernel + [inner_cf], env)
if sb['mode'] == 'uids':
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if not sb['cgroups']:
        mem = lim['memoryMb'] * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_DATA, (mem, mem))
    # no passwd entry for the pool's uids: the name comes from the environment (TMPDIR is dropped for a
    # helper with file capabilities, TMP is not)
    env.update({'USER': 'kernel', 'LOGNAME': 'kernel', 'TMPDIR': work, 'TMP': work, 'IPYTHONDIR': os.path.join(run, 'ipython'), 'PYTHONDONTWRITEBYTECODE': '1', 'JPY_SESSION_NAME': ''})
    u = sb['uids']
    # vpl-guard refuses internet sockets; ipykernel's one TCP socket (127.0.0.1, output of forked
    # subprocesses) is left out: zmq would abort on the refusal
    boot = ("import ipykernel.iostream as s; s.IOPubThread._setup_pipe_in = lambda self: setattr(self, '_pipe_flag', False); "
            "from ipykernel import kernelapp; kernelapp.launch_new_instance()")
    argv = [u['helper'], '--run', str(kuid), home, str(lim['processes']), '--', u['guard'], '--no-net', '--', '/usr/bin/python3', '-c', boot, '-f', inner_cf]
    os.execve(argv[0], argv, env)
argv = [a.replace('{HOME}', work) for a in cfg['bwrap']]
# the kernel's run directory is where the server's runtime directory is, inside the box
at = argv.index('--remount-ro')
argv[at:at] = ['--bind', run, cfg['runtimeDir']]
argv += ['--', *kernel, os.path.join(cfg['runtimeDir'], name + '.json')]
if uid is not None:
    argv = ['/usr/bin/setpriv', '--reuid=%d' % uid, '--regid=%d' % uid, '--clear-groups', '--no-new-privs', '--'] + argv
os.execve(argv[0], argv, {})
`;

/** Writes the launcher, its configuration and the `python3` kernelspec; answers the kernelspec directory. */
export function writeKernelspec(base: string, config: LauncherConfig): string {
  const launcher = join(base, 'kernel-launcher.py');
  const configFile = join(base, 'kernel-launcher.json');
  writeFileSync(launcher, LAUNCHER, { mode: 0o700 });
  writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
  const specDir = join(base, 'data', 'kernels', 'python3');
  mkdirSync(specDir, { recursive: true });
  writeFileSync(
    join(specDir, 'kernel.json'),
    JSON.stringify({
      argv: ['/usr/bin/python3', '-I', launcher, '{connection_file}', configFile],
      display_name: 'Python 3 (Lectio sandbox)',
      language: 'python',
      // bubblewrap does not pass signals on: interrupts travel on the control channel
      interrupt_mode: 'message',
      metadata: { debugger: false },
    }),
  );
  return specDir;
}

/** The bubblewrap command line of a kernel (the judge's box; the kernel's home bound at /home/vpl). */
export function kernelBwrap(limits: KernelLimits): string[] {
  const argv = [
    BWRAP,
    ...bwrapArgs('{HOME}', {
      HOME: BOX_HOME,
      PATH: '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      MPLBACKEND: 'module://matplotlib_inline.backend_inline',
      MPLCONFIGDIR: '/tmp/mpl',
      PYTHONDONTWRITEBYTECODE: '1',
      JPY_SESSION_NAME: '',
    }, limits.tmpMb * 1024 * 1024),
  ];
  // Debian keeps matplotlib's defaults and fontconfig's set-up in /etc (read-only, like the rest)
  const etc = ['/etc/matplotlibrc', '/etc/fonts'].filter((p) => existsSync(p)).flatMap((p) => ['--ro-bind', p, p]);
  argv.splice(argv.indexOf('--remount-ro'), 0, ...etc);
  return argv;
}

/** Resident memory of a kernel's cgroup in MB (null without cgroups or once it is gone). */
export function kernelMemoryMb(kernelId: string, cgroupRoot = CGROUP_ROOT): number | null {
  try {
    const bytes = Number(readFileSync(join(cgroupRoot, 'memory', KERNEL_CGROUP_PARENT, kernelId, 'memory.usage_in_bytes'), 'utf8'));
    return Math.round((bytes / 1024 / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

/**
 * Whether jupyter is starting (or runs) this kernel: its connection file exists until the kernel is shut
 * down, while the kernel is not yet in jupyter's list during its start.
 */
export const kernelStarting = (runtimeDir: string, kernelId: string): boolean => existsSync(join(runtimeDir, `kernel-${kernelId}.json`));

/** Removes what a kernel that no longer runs left behind (its directory and empty cgroups). */
export function removeKernelLeftovers(kernelsDir: string, kernelId: string, cgroupRoot = CGROUP_ROOT): void {
  try {
    rmSync(join(kernelsDir, kernelId), { recursive: true, force: true });
  } catch {
    /* uids: the kernel's own files, until its uid is reaped (releaseKernelUids) */
  }
  for (const c of CONTROLLERS) {
    try {
      rmdirSync(join(cgroupRoot, c, KERNEL_CGROUP_PARENT, kernelId));
    } catch {
      /* still busy, or gone */
    }
  }
}

/**
 * `uids`: frees the uid slots of kernels that no longer run (all but `keep`): kernel-uid, as that uid,
 * ends its processes (a cell's escaped children too) and removes its files, then the slot is free.
 */
export function releaseKernelUids(sandbox: KernelSandbox, dirs: { slotsDir: string; kernelsDir: string }, keep: (kernelId: string) => boolean): void {
  if (!sandbox.uids || !existsSync(dirs.slotsDir)) return;
  for (const slot of readdirSync(dirs.slotsDir)) {
    const file = join(dirs.slotsDir, slot);
    let kernelId: string;
    try {
      kernelId = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!/^[0-9a-f-]{36}$/.test(kernelId) || keep(kernelId)) continue;
    const reaped = spawnSync(sandbox.uids.helper, ['--reap', String(sandbox.uids.base + Number(slot)), join(dirs.kernelsDir, kernelId)], { env: {}, timeout: 30_000 });
    // a slot whose uid could not be cleaned stays taken (its next holder would meet the old processes)
    if (reaped.status === 0) unlinkSync(file);
  }
}
