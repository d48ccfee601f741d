/**
 * Kernel isolation without namespaces (KERNEL_SANDBOX=uids, the AWS gateway's mode: Fargate allows no user
 * namespaces): two users' kernels run under uids of their own from the pool; a cell of one cannot read the
 * other's work directory, its connection sockets or /proc/<pid>/environ, cannot signal it, cannot read the
 * proxy's or jupyter-server's environment, opens no network socket; deleting a kernel ends the processes a
 * cell left behind and frees its uid. The helper switches uids from a non-root server only with its file
 * capabilities (the image's), and without them the mode starts no kernel. Runs as root here (the local
 * cloud's server is root; the kernels are not); skipped without jupyter-server, gcc or root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, eventually, startTestCloud, type TestCloud } from './helpers';
import { KernelSession } from './kernel-session';
import type WebSocket from 'ws';

const root = process.getuid?.() === 0;
const ready = existsSync('/usr/bin/jupyter-server') && existsSync('/usr/bin/gcc') && root;
if (!ready) console.warn('kernel-escape-uids.test.ts skipped: needs root, gcc and jupyter-server (apt-get install -y --no-install-recommends jupyter-server python3-ipykernel)');

// read when the proxy starts (the first /kernels request); no cgroups, as in Fargate: memory is RLIMIT_DATA
process.env.KERNEL_SANDBOX = 'uids';
process.env.KERNEL_CGROUPS = '0';

let cloud: TestCloud;
let x: KernelSession;
let y: KernelSession;
let kx: string;
let ky: string;
let wsx: WebSocket;
let wsy: WebSocket;

const inX = (code: string) => x.execute(wsx, code);
const inY = (code: string) => y.execute(wsy, code);
/** A cell's prelude: `tryit(what, f)` says `what=OPEN`, `what=denied` (PermissionError) or the other error's name. */
const TRY = `import os, signal
def tryit(what, f):
    try:
        f(); return what + '=OPEN'
    except PermissionError:
        return what + '=denied'
    except OSError as e:
        return what + '=' + type(e).__name__
`;
/** One line of `key=value` pairs printed by a cell. */
const fields = (text: string) => Object.fromEntries(text.trim().split(/\s+/).map((kv) => kv.split('=', 2) as [string, string]));

describe.skipIf(!ready)('KERNEL_SANDBOX=uids: a kernel per uid', () => {
  let yInfo: Record<string, string>;

  beforeAll(async () => {
    cloud = await startTestCloud('none');
    const [ux, uy] = await Promise.all([addTestUser(cloud, 'uidx'), addTestUser(cloud, 'uidy')]);
    const token = async (t: string) => (await cloud.api('/api/get-jupy-token', { token: t })).body.jupytoken as string;
    x = new KernelSession(cloud.url, await token(ux));
    y = new KernelSession(cloud.url, await token(uy));
    kx = await x.create();
    ky = await y.create();
    [wsx, wsy] = await Promise.all([x.open(kx), y.open(ky)]);
    const r = await inY(`
import os
open('secret.txt', 'w').write('the answer of y')
print(f'pid={os.getpid()} ppid={os.getppid()} cwd={os.getcwd()} uid={os.getuid()}')
`);
    expect(r.status).toBe('ok');
    yInfo = fields(r.text);
  });
  afterAll(async () => {
    wsx?.close();
    wsy?.close();
    await cloud?.stop();
  });

  it('runs each kernel as a pool uid of its own: no groups, no capabilities, no new privileges, seccomp, a 0700 work directory', async () => {
    const r = await inX(`
import os, stat
st = os.stat('.')
status = dict(l.split(':\\t', 1) for l in open('/proc/self/status').read().splitlines() if ':\\t' in l)
print(f"uid={os.getuid()} gid={os.getgid()} groups={len(os.getgroups())} cap={status['CapEff'].strip()} prm={status['CapPrm'].strip()} nnp={status['NoNewPrivs'].strip()} seccomp={status['Seccomp'].strip()} mode={oct(stat.S_IMODE(st.st_mode))} owner={st.st_uid}")
`);
    expect(r.status).toBe('ok');
    const f = fields(r.text);
    expect(Number(f.uid)).toBeGreaterThanOrEqual(30_000);
    expect(Number(f.uid)).toBeLessThan(31_000);
    expect(f.gid).toBe(f.uid);
    expect(Number(yInfo.uid)).toBeGreaterThanOrEqual(30_000);
    expect(yInfo.uid).not.toBe(f.uid);
    expect(f).toMatchObject({ groups: '0', cap: '0000000000000000', prm: '0000000000000000', nnp: '1', seccomp: '2', mode: '0o700', owner: f.uid });
  });

  it('runs a notebook as in the box: an input prompt and a plot (png)', async () => {
    const r = await x.execute(wsx, "name = input('Name? ')\nprint('hi', name)\nimport matplotlib.pyplot as plt\nplt.plot([1, 4, 9])\nplt.show()", { input: 'Ada' });
    expect(r.status).toBe('ok');
    expect(r.text).toContain('hi Ada');
    expect(r.pngs).toBe(1);
  });

  it('caps a kernel\u2019s memory without cgroups (its data-size limit, 512 MB) and lives on', async () => {
    const r = await inX(`
try:
    big = bytearray(700 * 1024 * 1024)
    print('ALLOCATED')
except MemoryError:
    print('MemoryError')
small = bytearray(64 * 1024 * 1024)
print(len(small) // 1024 // 1024)
`);
    expect(r.status).toBe('ok');
    expect(r.text).toBe('MemoryError\n64\n');
  });

  it('cannot read the other kernel\u2019s work directory, sockets or /proc/<pid>/environ, nor signal it', async () => {
    const home = yInfo.cwd!.replace(/\/work$/, '');
    const r = await inX(`
${TRY}print(' '.join([
    tryit('list', lambda: os.listdir('${yInfo.cwd}')),
    tryit('read', lambda: open('${yInfo.cwd}/secret.txt').read()),
    tryit('sockets', lambda: os.listdir('${home}/.run')),
    tryit('environ', lambda: open('/proc/${yInfo.pid}/environ').read()),
    tryit('mem', lambda: open('/proc/${yInfo.pid}/mem', 'rb').read(1)),
    tryit('cwdlink', lambda: os.listdir('/proc/${yInfo.pid}/cwd')),
    tryit('signal0', lambda: os.kill(${yInfo.pid}, 0)),
    tryit('kill', lambda: os.kill(${yInfo.pid}, signal.SIGKILL)),
    tryit('killhelper', lambda: os.kill(${yInfo.ppid}, signal.SIGKILL)),
]))
`);
    expect(r.status).toBe('ok');
    expect(fields(r.text)).toEqual({
      list: 'denied',
      read: 'denied',
      sockets: 'denied',
      environ: 'denied',
      mem: 'denied',
      cwdlink: 'denied',
      signal0: 'denied',
      kill: 'denied',
      killhelper: 'denied',
    });
    // y's kernel lives on, its file intact
    expect((await inY("print(open('secret.txt').read())")).text).toBe('the answer of y\n');
  });

  it('cannot read the proxy\u2019s or jupyter-server\u2019s environment, nor the server\u2019s connection files', async () => {
    const r = await inX(`
${TRY}helper = os.getppid()
server = int(open(f'/proc/{helper}/stat').read().rsplit(')', 1)[1].split()[1])
runtime = os.path.dirname(os.path.dirname(os.getcwd())).rsplit('/', 1)[0] + '/runtime'
print(' '.join([
    tryit('proxy', lambda: open('/proc/${process.pid}/environ').read()),
    tryit('helper', lambda: open(f'/proc/{helper}/environ').read()),
    tryit('jupyter', lambda: open(f'/proc/{server}/environ').read()),
    tryit('ycf', lambda: open(runtime + '/kernel-${ky}.json').read()),
    tryit('runtime', lambda: os.listdir(runtime)),
]))
print('server', open(f'/proc/{server}/cmdline').read().replace('\\0', ' ')[:60])
`);
    expect(r.status).toBe('ok');
    const [line, server] = r.text.trim().split('\n');
    expect(fields(line!)).toEqual({ proxy: 'denied', helper: 'denied', jupyter: 'denied', ycf: 'denied', runtime: 'denied' });
    expect(server).toContain('jupyter');
  });

  it('opens no network socket (loopback neither: the proxy and jupyter-server listen there); its own unix sockets work', async () => {
    const port = new URL(cloud.url).port;
    const r = await inX(`
import socket
def tryit(host, port):
    try:
        s = socket.socket(); s.settimeout(2); s.connect((host, port)); return 'CONNECTED'
    except OSError as e:
        return 'refused:' + type(e).__name__
a, b = socket.socketpair()
a.send(b'ok')
print(tryit('127.0.0.1', ${port}), tryit('1.1.1.1', 80), b.recv(2).decode())
`);
    expect(r.status).toBe('ok');
    expect(r.text.trim()).toBe('refused:PermissionError refused:PermissionError ok');
  });

  it('deleting a kernel ends what its cells left running, removes what they left in /tmp, /dev/shm and System V memory, and frees its uid for a clean start', async () => {
    const r = await inY(`
import subprocess, os, ctypes
from multiprocessing import shared_memory
p = subprocess.Popen(['/usr/bin/sleep', '1000'], start_new_session=True)
open('/tmp/left-by-y', 'w').write('y')
os.makedirs('/tmp/left-dir-y/a/b')
open('/tmp/left-dir-y/a/b/f', 'w').write('y')
os.chmod('/tmp/left-dir-y/a/b', 0)
os.chmod('/tmp/left-dir-y/a', 0)
os.chmod('/tmp/left-dir-y', 0)
shm = shared_memory.SharedMemory(name='left-by-y', create=True, size=4096)
sysv = ctypes.CDLL(None).shmget(0, 4096, 0o1000 | 0o600)
print(p.pid, sysv)
`);
    expect(r.status).toBe('ok');
    const [escaped, sysv] = r.text.trim().split(' ').map(Number) as [number, number];
    const sysvSegments = () => readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1).map((l) => Number(l.trim().split(/\s+/)[1]));
    expect(sysvSegments()).toContain(sysv);
    expect(existsSync(`/proc/${escaped}`)).toBe(true);
    wsy.close();
    expect((await y.rest('DELETE', `/${ky}`)).status).toBe(204);
    // gone, or a zombie its new parent has not collected yet
    const running = () => existsSync(`/proc/${escaped}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${escaped}/status`, 'utf8'));
    expect(await eventually(async () => running(), (alive) => !alive, 10_000)).toBe(false);
    expect(existsSync('/tmp/left-by-y')).toBe(false);
    expect(existsSync('/tmp/left-dir-y')).toBe(false);
    expect(existsSync('/dev/shm/left-by-y')).toBe(false);
    expect(sysvSegments()).not.toContain(sysv);
    expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(ky);
    // the next kernel may take the same uid: it finds nothing of the last holder's
    const next = await y.create();
    wsy = await y.open(next);
    const again = await inY(`import os\nprint(os.getuid(), os.listdir('.'), os.path.exists('/tmp/left-by-y'))`);
    expect(again.status).toBe('ok');
    expect(again.text).toMatch(/^3\d{4} \[\] False\n$/);
  });
});

describe.skipIf(!ready)('kernel-uid switches only with its capabilities', () => {
  let dir: string;
  let helper: string;

  beforeAll(async () => {
    const { buildHelper } = await import('../../functions/src/judge');
    dir = mkdtempSync(join(tmpdir(), 'kernel-uid-'));
    chmodSync(dir, 0o711);
    helper = buildHelper(dir, 'kernel-uid', [], undefined, new URL('../../functions/src/kernels/kernel-uid.c', import.meta.url))!;
    expect(helper).toBeTruthy();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a copy of the helper as uid 1000 (like the gateway's server), with or without file capabilities. */
  const asServer = (capabilities: boolean, args: string[]) => {
    const copy = join(dir, capabilities ? 'with-caps' : 'without-caps');
    if (!existsSync(copy)) {
      copyFileSync(helper, copy);
      chmodSync(copy, 0o755);
      if (capabilities) execFileSync('/usr/sbin/setcap', ['cap_setuid,cap_setgid,cap_chown+ep', copy]);
    }
    return spawnSync('/usr/bin/setpriv', ['--reuid=1000', '--regid=1000', '--clear-groups', copy, ...args], { encoding: 'utf8', env: {} });
  };

  it.skipIf(!existsSync('/usr/sbin/setcap'))('a non-root server with the file capabilities starts a program as the kernel\u2019s uid, which cannot come back', () => {
    const home = join(dir, 'home');
    for (const d of [home, join(home, 'work'), join(home, '.run')]) execFileSync('/usr/bin/install', ['-d', '-o', '1000', '-g', '1000', '-m', d.endsWith('.run') ? '2770' : '711', d]);
    const r = asServer(true, ['--run', '30123', home, '16', '--', '/bin/sh', '-c', 'id -u; id -G; grep -E "^(CapEff|NoNewPrivs)" /proc/self/status | tr -d "\\t"; kill -0 $PPID 2>/dev/null && echo SIGNALLED || echo no-signal']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toEqual(['30123', '30123', 'CapEff:0000000000000000', 'NoNewPrivs:1', 'no-signal', '']);
  });

  it('without them the helper refuses, and KERNEL_SANDBOX=uids starts no kernel', async () => {
    const r = asServer(false, ['--probe', '30123']);
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/Operation not permitted/);
    // the server's probe through a helper that lacks the capabilities (run as uid 1000 like the gateway's)
    const wrapper = join(dir, 'no-caps-helper.sh');
    writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/setpriv --reuid=1000 --regid=1000 --clear-groups ${join(dir, 'without-caps')} "$@"\n`, { mode: 0o755 });
    const { startJupyter } = await import('../../functions/src/kernels/jupyter');
    const base = mkdtempSync(join(tmpdir(), 'kernels-refused-'));
    await expect(startJupyter({ sandboxSetting: 'uids', uidHelper: wrapper, baseDir: base })).rejects.toThrow(/cannot switch to the kernels' uids/);
    expect(readdirSync(join(base, 'runtime'))).toEqual([]);
    rmSync(base, { recursive: true, force: true });
  });
});
