/**
 * A small Jupyter client for the kernel tests and the bench: creates kernels through Lectio's proxy and
 * runs code over the channels WebSocket (messaging protocol 5.3), collecting the outputs.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface ExecuteResult {
  status: string;
  text: string;
  pngs: number;
  errorName?: string;
}

export class KernelSession {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  rest(method: string, path: string, body?: unknown) {
    return fetch(`${this.base}/kernels/api/kernels${path}`, {
      method,
      headers: { authorization: `token ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async create(): Promise<string> {
    const r = await this.rest('POST', '', { name: 'python3' });
    if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { id: string }).id;
  }

  /** Opens the channels socket (resolves when open; rejects with the HTTP status of a refusal). */
  open(kernelId: string, token = this.token): Promise<WebSocket> {
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/kernels/api/kernels/${kernelId}/channels?session_id=${randomUUID()}&token=${encodeURIComponent(token)}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Runs code; `input` answers input prompts. */
  async execute(ws: WebSocket, code: string, opts: { input?: string; timeoutMs?: number } = {}): Promise<ExecuteResult> {
    const session = randomUUID();
    const msgId = randomUUID();
    const header = (type: string, id = randomUUID()) => ({ msg_id: id, msg_type: type, session, username: 'test', date: new Date().toISOString(), version: '5.3' });
    const result: ExecuteResult = { status: '', text: '', pngs: 0 };
    return new Promise((resolve, reject) => {
      let replied = false;
      let idle = false;
      const timer = setTimeout(() => {
        ws.off('message', onMessage);
        reject(new Error(`execute timed out: ${JSON.stringify(result)}`));
      }, opts.timeoutMs ?? 30_000);
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(String(data)) as { header: { msg_type: string }; parent_header: { msg_id?: string }; content: any };
        if (m.parent_header.msg_id !== msgId) return;
        const c = m.content;
        switch (m.header.msg_type) {
          case 'stream':
            result.text += c.text;
            break;
          case 'execute_result':
          case 'display_data':
            if (c.data['image/png']) result.pngs++;
            else result.text += `${c.data['text/plain'] ?? ''}\n`;
            break;
          case 'error':
            result.errorName = c.ename;
            result.text += `${c.ename}: ${c.evalue}\n`;
            break;
          case 'input_request':
            ws.send(JSON.stringify({ header: header('input_reply'), parent_header: m.header, metadata: {}, content: { value: opts.input ?? '' }, channel: 'stdin' }));
            break;
          case 'execute_reply':
            result.status = c.status;
            replied = true;
            break;
          case 'status':
            if (c.execution_state === 'idle') idle = true;
            break;
        }
        if (replied && idle) {
          clearTimeout(timer);
          ws.off('message', onMessage);
          resolve(result);
        }
      };
      ws.on('message', onMessage);
      ws.send(
        JSON.stringify({
          header: header('execute_request', msgId),
          parent_header: {},
          metadata: {},
          content: { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: opts.input !== undefined, stop_on_error: true },
          channel: 'shell',
        }),
      );
    });
  }
}
