/**
 * Live kernels (issue 25 items 3 and 6; spec/3 "Kernels", §4, §7 `GET /get-jupy-token`,
 * `POST /write-kernel-use`): the token route, kernel activity, the admin's list and delete (students and
 * teachers refused), the proxy's ownership on every path (another user's kernel is refused), the per-user
 * cap, and bad input (400, never 500). Needs Debian's jupyter-server (CI installs it); skipped otherwise.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KERNELS_PER_USER, kernelTexts } from '@lectio/shared';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';
import { KernelSession } from './kernel-session';

const installed = existsSync('/usr/bin/jupyter-server');
if (!installed) console.warn('kernels.test.ts skipped: jupyter-server is not installed (apt-get install -y --no-install-recommends jupyter-server python3-ipykernel)');

let cloud: TestCloud;
let admin: string;
let teacher: string;
let anna: string;
let boris: string;
let annaKernels: KernelSession;
let borisKernels: KernelSession;
let annaKernel: string;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const jupytoken = async (token: string) => (await get('/get-jupy-token', token)).body.jupytoken as string;

describe.skipIf(!installed)('live kernels through Lectio', () => {
  beforeAll(async () => {
    cloud = await startTestCloud('none');
    admin = await cloud.login('admin@example.com', 'admin-demo');
    teacher = await cloud.login('teacher@example.com', 'teacher-demo');
    [anna, boris] = (await Promise.all([addTestUser(cloud, 'kanna'), addTestUser(cloud, 'kboris')])) as [string, string];
    annaKernels = new KernelSession(cloud.url, await jupytoken(anna));
    borisKernels = new KernelSession(cloud.url, await jupytoken(boris));
    annaKernel = await annaKernels.create();
  });
  afterAll(() => cloud?.stop());

  it('GET /get-jupy-token answers a signed token and says a kernel service is configured', async () => {
    const res = await get('/get-jupy-token', anna);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kernel_service: true, kernel_base: '/kernels', expires_in: 900 });
    expect(res.body.jupytoken.split('.')).toHaveLength(3);
    expect((await get('/get-jupy-token')).status).toBe(401);
  });

  it('a kernel token is not an access token, nor an access token a kernel token', async () => {
    expect((await get('/get-user-messages', annaKernels.token)).status).toBe(401);
    expect((await new KernelSession(cloud.url, anna).rest('GET', '')).status).toBe(401);
    expect((await new KernelSession(cloud.url, '').rest('GET', '')).status).toBe(401);
  });

  it('runs code on the caller\u2019s kernel', async () => {
    const ws = await annaKernels.open(annaKernel);
    const r = await annaKernels.execute(ws, 'print(1+1)');
    ws.close();
    expect(r).toMatchObject({ status: 'ok', text: '2\n' });
  });

  it('POST /write-kernel-use records activity on the caller\u2019s own kernel only', async () => {
    expect((await post('/write-kernel-use', { kernel_id: annaKernel }, anna)).body).toEqual({ message: 'OK' });
    const other = await post('/write-kernel-use', { kernel_id: annaKernel }, boris);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(kernelTexts.notFound);
  });

  it.each([[{}], [{ kernel_id: 'x' }], [{ kernel_id: 5 }], [{ kernel_id: `${'a'.repeat(8)}-${'a'.repeat(4)}-${'a'.repeat(4)}-${'a'.repeat(4)}-${'a'.repeat(13)}` }]])(
    'bad input to write-kernel-use is a 400: %j',
    async (body) => {
      expect((await post('/write-kernel-use', body, anna)).status).toBe(400);
    },
  );

  it('another user\u2019s kernel is refused on every proxy path', async () => {
    const list = await borisKernels.rest('GET', '');
    expect(await list.json()).toEqual([]);
    for (const [method, path] of [['GET', `/${annaKernel}`], ['DELETE', `/${annaKernel}`], ['POST', `/${annaKernel}/interrupt`], ['POST', `/${annaKernel}/restart`]] as const) {
      const r = await borisKernels.rest(method, path);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(((await r.json()) as { message: string }).message).toBe(kernelTexts.notFound);
    }
    await expect(borisKernels.open(annaKernel)).rejects.toThrow('HTTP 404');
    await expect(annaKernels.open(annaKernel, 'forged')).rejects.toThrow('HTTP 401');
    // anna's kernel lived through all that
    expect((await annaKernels.rest('GET', `/${annaKernel}`)).status).toBe(200);
  });

  it('bad input to the proxy is a 400, unknown paths a 404', async () => {
    expect((await annaKernels.rest('GET', '/not-a-kernel-id')).status).toBe(400);
    expect((await annaKernels.rest('POST', '', { name: 'bash' })).status).toBe(400);
    const malformed = await fetch(`${cloud.url}/kernels/api/kernels`, { method: 'POST', headers: { authorization: `token ${annaKernels.token}` }, body: '{' });
    expect(malformed.status).toBe(400);
    expect((await annaKernels.rest('GET', '/../sessions')).status).toBe(404);
    expect((await fetch(`${cloud.url}/kernels/api/sessions`, { headers: { authorization: `token ${annaKernels.token}` } })).status).toBe(404);
  });

  it(`a user has at most ${KERNELS_PER_USER} live kernels`, async () => {
    const made = [annaKernel];
    while (made.length < KERNELS_PER_USER) made.push(await annaKernels.create());
    const over = await annaKernels.rest('POST', '', { name: 'python3' });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toBe(kernelTexts.tooMany);
    const mine = (await (await annaKernels.rest('GET', '')).json()) as Array<{ id: string }>;
    expect(mine.map((k) => k.id).sort()).toEqual([...made].sort());
    for (const id of made.slice(1)) expect((await annaKernels.rest('DELETE', `/${id}`)).status).toBe(204);
  });

  it('interrupt and restart through REST', async () => {
    expect((await annaKernels.rest('POST', `/${annaKernel}/interrupt`)).status).toBe(204);
    expect((await annaKernels.rest('POST', `/${annaKernel}/restart`)).status).toBe(200);
  });

  it('admin routes refuse students and teachers', async () => {
    for (const token of [anna, teacher]) {
      expect((await get('/get-kernels', token)).status).toBe(403);
      expect((await post('/delete-kernel', { kernel_id: annaKernel }, token)).status).toBe(403);
    }
    expect((await get('/get-kernels')).status).toBe(401);
    expect((await post('/delete-kernel', { kernel_id: annaKernel })).status).toBe(401);
  });

  it('the admin lists running kernels (user, started, last activity, state, memory) and deletes one', async () => {
    const bKernel = await borisKernels.create();
    const res = await get('/get-kernels', admin);
    expect(res.status).toBe(200);
    expect(res.body.kernel_service).toBe(true);
    const row = res.body.list.find((k: { id: string }) => k.id === bKernel);
    expect(row).toMatchObject({ user: 'kboris Tester', execution_state: expect.any(String) });
    expect(row.started).toMatch(/^\d{4}-/);
    expect(row.last_activity).toMatch(/^\d{4}-/);
    // just created: its cgroup may hold little yet (null without cgroups)
    expect(row.memory_mb === null || row.memory_mb >= 0).toBe(true);
    expect((await post('/delete-kernel', { kernel_id: 'nope' }, admin)).status).toBe(400);
    expect((await post('/delete-kernel', { kernel_id: bKernel }, admin)).body).toEqual({ message: 'OK' });
    expect((await borisKernels.rest('GET', `/${bKernel}`)).status).toBe(404);
    const again = await post('/delete-kernel', { kernel_id: bKernel }, admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(kernelTexts.notFound);
  });

  it('the admin token route is not reachable with a user\u2019s kernel token', async () => {
    const r = await fetch(`${cloud.url}/kernels/_admin/kernels`, { headers: { authorization: `token ${annaKernels.token}` } });
    expect(r.status).toBe(401);
  });
});
