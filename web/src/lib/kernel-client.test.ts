/**
 * The live-kernel CellRunner against a fake proxy: a kernel is created when missing, a cell's messages
 * become outputs (stream, png, traceback without ANSI), an input request is answered with input_reply,
 * status messages reach onStatus, kernel use is written at most every 300 s, a dead kernel is replaced,
 * and a missing kernel service is a KernelUnavailableError.
 */
import { describe, expect, it, vi } from 'vitest';
import { createKernelRunner, KernelUnavailableError, outputsOf, stripAnsi, type KernelToken } from './kernel-client';
import type { CellOutput } from './cell-runner';

const KID = '11111111-2222-4333-8444-555555555555';
const token = (service = true): KernelToken => ({ jupytoken: 'jt', kernel_service: service, kernel_base: '/kernels', expires_in: 900 });

type Msg = { header: { msg_id: string; msg_type: string }; parent_header: { msg_id?: string }; content: Record<string, unknown>; channel: string };

/** A kernel's channels socket that answers each execute_request with the given script. */
function fakeSocket(script: (request: Msg, reply: (type: string, content: Record<string, unknown>, channel?: string) => void) => void) {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: (() => void) | null = null;
    sent: Msg[] = [];
    closed = false;
    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => this.onopen?.(), 0);
    }
    send(data: string) {
      const msg = JSON.parse(data) as Msg;
      this.sent.push(msg);
      if (msg.header.msg_type === 'execute_request') {
        script(msg, (type, content, channel = 'iopub') =>
          setTimeout(() => this.onmessage?.({ data: JSON.stringify({ header: { msg_id: `r${Math.random()}`, msg_type: type }, parent_header: { msg_id: msg.header.msg_id }, content, channel }) }), 0),
        );
      }
    }
    close() {
      this.closed = true;
    }
  }
  return { Socket: FakeSocket as unknown as typeof WebSocket, sockets };
}

function fakeFetch(states: Record<string, string> = {}) {
  const calls: string[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).replace(/^https?:\/\/[^/]+/, '');
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (init?.method === 'POST' && path === '/kernels/api/kernels') return new Response(JSON.stringify({ id: KID, execution_state: 'starting' }), { status: 201 });
    const one = /\/kernels\/api\/kernels\/([^/]+)$/.exec(path);
    if (one && (init?.method ?? 'GET') === 'GET') {
      const state = states[one[1]!];
      return state ? new Response(JSON.stringify({ id: one[1], execution_state: state })) : new Response('{"message":"Kernel not found."}', { status: 404 });
    }
    return new Response(null, { status: 204 });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const ok = (reply: (type: string, content: Record<string, unknown>, channel?: string) => void, count = 1) => {
  reply('execute_reply', { status: 'ok', execution_count: count }, 'shell');
  reply('status', { execution_state: 'idle' });
};

describe('createKernelRunner', () => {
  it('creates a kernel when missing and turns a cell\u2019s messages into outputs', async () => {
    const { Socket, sockets } = fakeSocket((_req, reply) => {
      reply('status', { execution_state: 'busy' });
      reply('stream', { name: 'stdout', text: 'hi\n' });
      reply('display_data', { data: { 'image/png': 'iVBO\nRw==', 'text/plain': '<Figure>' } });
      reply('execute_result', { data: { 'text/plain': '2' } });
      ok(reply, 3);
    });
    const http = fakeFetch();
    const writeUse = vi.fn(async () => undefined);
    const onKernel = vi.fn();
    const runner = createKernelRunner({ token: async () => token(), fetch: http.fn, WebSocket: Socket, writeUse, onKernel, warm: false });
    const statuses: string[] = [];
    runner.onStatus((s) => statuses.push(s));
    const outputs: CellOutput[] = [];
    const result = await runner.run('print("hi")', { onOutput: (o) => outputs.push(o), onInput: async () => '' });
    expect(result).toEqual({ status: 'ok', executionCount: 3 });
    expect(outputs).toEqual([
      { atype: 'text', output: 'hi\n' },
      { atype: 'png', output: 'iVBORw==', width: 100 },
      { atype: 'text', output: '2\n' },
    ]);
    expect(http.calls).toEqual(['POST /kernels/api/kernels']);
    expect(onKernel).toHaveBeenCalledWith(KID);
    expect(sockets[0]!.url).toContain(`/kernels/api/kernels/${KID}/channels?session_id=`);
    expect(sockets[0]!.url).toContain('token=jt');
    expect(sockets[0]!.sent[0]!.header).toMatchObject({ msg_type: 'execute_request', version: '5.3' });
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses).toEqual(['starting', 'busy', 'idle']);
    expect(writeUse).toHaveBeenCalledTimes(1);
    expect(writeUse).toHaveBeenCalledWith(KID);
  });

  it('answers an input request with input_reply and writes kernel use at most every 300 s', async () => {
    const { Socket, sockets } = fakeSocket((_req, reply) => {
      reply('input_request', { prompt: 'Name: ', password: false }, 'stdin');
    });
    let now = 1_000_000;
    const writeUse = vi.fn(async () => undefined);
    const runner = createKernelRunner({ token: async () => token(), fetch: fakeFetch({ [KID]: 'idle' }).fn, WebSocket: Socket, writeUse, kernelId: KID, now: () => now, warm: false });
    const onInput = vi.fn(async () => 'Ada');
    const running = runner.run('input("Name: ")', { onOutput: () => undefined, onInput });
    await vi.waitFor(() => expect(sockets[0]?.sent.length).toBe(2));
    const reply = sockets[0]!.sent[1]!;
    expect(onInput).toHaveBeenCalledWith('Name: ', false);
    expect(reply).toMatchObject({ channel: 'stdin', header: { msg_type: 'input_reply' }, content: { value: 'Ada' } });
    // the kernel finishes the cell
    const socket = sockets[0]! as unknown as { onmessage: (e: { data: string }) => void };
    const parent = sockets[0]!.sent[0]!.header.msg_id;
    for (const [type, content, channel] of [['execute_reply', { status: 'ok', execution_count: 1 }, 'shell'], ['status', { execution_state: 'idle' }, 'iopub']] as const) {
      socket.onmessage({ data: JSON.stringify({ header: { msg_id: 'x', msg_type: type }, parent_header: { msg_id: parent }, content, channel }) });
    }
    await running;
    now += 299_000;
    expect(writeUse).toHaveBeenCalledTimes(1);
  });

  it('replaces a dead kernel and strips ANSI colours from tracebacks', async () => {
    const { Socket } = fakeSocket((_req, reply) => {
      reply('error', { ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['\u001b[0;31mZeroDivisionError\u001b[0m: division by zero'] });
      reply('execute_reply', { status: 'error', execution_count: 1 }, 'shell');
      reply('status', { execution_state: 'idle' });
    });
    const http = fakeFetch({ [KID.replace('1', '9')]: 'dead' });
    const runner = createKernelRunner({ token: async () => token(), fetch: http.fn, WebSocket: Socket, writeUse: async () => undefined, kernelId: KID.replace('1', '9'), warm: false });
    const outputs: CellOutput[] = [];
    expect(await runner.run('1/0', { onOutput: (o) => outputs.push(o), onInput: async () => '' })).toEqual({ status: 'error', executionCount: 1 });
    expect(http.calls).toEqual([`GET /kernels/api/kernels/${KID.replace('1', '9')}`, 'POST /kernels/api/kernels']);
    expect(outputs).toEqual([{ atype: 'text', output: 'ZeroDivisionError: division by zero\n' }]);
  });

  it('interrupts, restarts and deletes through REST', async () => {
    const http = fakeFetch();
    const runner = createKernelRunner({ token: async () => token(), fetch: http.fn, WebSocket: fakeSocket(() => undefined).Socket, kernelId: KID, warm: false });
    await runner.interrupt();
    await runner.restart();
    await runner.shutdown();
    expect(http.calls).toEqual([`POST /kernels/api/kernels/${KID}/interrupt`, `POST /kernels/api/kernels/${KID}/restart`, `DELETE /kernels/api/kernels/${KID}`]);
  });

  it('refuses with KernelUnavailableError when no kernel service is configured', async () => {
    const runner = createKernelRunner({ token: async () => token(false), fetch: fakeFetch().fn, WebSocket: fakeSocket(() => undefined).Socket, warm: false });
    await expect(runner.run('1', { onOutput: () => undefined, onInput: async () => '' })).rejects.toBeInstanceOf(KernelUnavailableError);
  });
});

describe('outputsOf and stripAnsi', () => {
  it('keeps text/plain when there is no png, and removes colour escapes', () => {
    expect(outputsOf({ header: { msg_type: 'execute_result' } as never, content: { data: { 'text/plain': "'a'" } } })).toEqual([{ atype: 'text', output: "'a'\n" }]);
    expect(stripAnsi('\u001b[1;32mok\u001b[0m')).toBe('ok');
  });
});
