/**
 * The live-kernel `CellRunner` (issue 25 item 3; spec/3 §4 "Notebook cells and kernels", §9): code cells
 * run on a Jupyter kernel reached only through Lectio's kernel proxy, speaking the messaging protocol 5.3
 * over the kernel's channels WebSocket.
 *
 * ```ts
 * const runner = createKernelRunner();            // every option has a default
 * const stop = runner.onStatus((status, text) => …);
 * await runner.run('print(1+1)', { onOutput, onInput });
 * ```
 *
 * Options (`KernelRunnerOptions`), all optional:
 * - `token`: where the proxy token comes from; default `GET /get-jupy-token` through the api client. Its
 *   answer says whether a kernel service is configured (`kernel_service`): when it is not, `run` rejects
 *   with `KernelUnavailableError` — call `kernelServiceAvailable()` first and use in-browser Python then.
 * - `kernelName`: the kernelspec, default 'python3'.
 * - `kernelId`: reuse this kernel (e.g. one remembered in local storage under 'kernel'); created when
 *   missing or dead.
 * - `onKernel(id | null)`: told when a kernel is created or deleted (to remember it).
 * - `writeUse(id)`: records activity; default `POST /write-kernel-use`, called at most every 300 s while
 *   messages are handled.
 * - `warm`: list the caller's kernels at once (default true), so the kernel service starts while the
 *   learner reads, not on the first run.
 * - `fetch`, `WebSocket`, `now`: injected for tests.
 *
 * Behaviour: a kernel is created when missing or dead (REST `POST /kernels/api/kernels`); the socket is
 * opened on demand and closed when the execute reply arrives; if the socket fails before any reply, a new
 * kernel and socket are made once. Outputs: `stream` and `execute_result`/`display_data` (image/png
 * preferred, else text/plain) → `onOutput`; `error` → its traceback without ANSI colours; `input_request`
 * → `onInput(prompt, password)` answered with `input_reply`. `status` messages (starting/busy/idle) and
 * restart/dead → `onStatus`. Interrupt and restart go through REST.
 */
import { KERNEL_PROTOCOL_VERSION, KERNEL_USE_INTERVAL_S } from '@lectio/shared';
import { api } from './api-client';
import type { CellOutput, CellRunHandlers, CellRunResult, CellRunner, RunnerStatus } from './cell-runner';

export interface KernelToken {
  jupytoken: string;
  kernel_service: boolean;
  kernel_base: string;
  expires_in: number;
}

export interface KernelRunnerOptions {
  token?: () => Promise<KernelToken>;
  kernelName?: string;
  kernelId?: string | null;
  onKernel?: (id: string | null) => void;
  writeUse?: (kernelId: string) => Promise<unknown>;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  now?: () => number;
  warm?: boolean;
}

/** No kernel service is configured: the notebook should run cells in the browser. */
export class KernelUnavailableError extends Error {
  constructor() {
    super('No kernel service is configured.');
    this.name = 'KernelUnavailableError';
  }
}

const defaultToken = () => api('getJupyToken') as Promise<KernelToken>;
const defaultWriteUse = (kernelId: string) => api('writeKernelUse', { body: { kernel_id: kernelId } });

/** Whether a live kernel service is configured (otherwise the notebook uses in-browser Python). */
export async function kernelServiceAvailable(token: () => Promise<KernelToken> = defaultToken): Promise<boolean> {
  try {
    return (await token()).kernel_service;
  } catch {
    return false;
  }
}

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
/** Tracebacks come coloured with ANSI escapes; the notebook shows plain text. */
export const stripAnsi = (text: string): string => text.replace(ANSI, '');

interface JupyterMessage {
  header: { msg_id: string; msg_type: string; session: string; username: string; date: string; version: string };
  parent_header: { msg_id?: string };
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
  channel: string;
  buffers?: unknown[];
}

const uuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

/** The outputs one message carries, in the notebook's content shape. */
export function outputsOf(msg: Pick<JupyterMessage, 'header' | 'content'>): CellOutput[] {
  const { msg_type: type } = msg.header;
  const c = msg.content;
  if (type === 'stream') return [{ atype: 'text', output: String(c.text ?? '') }];
  if (type === 'execute_result' || type === 'display_data') {
    const data = (c.data ?? {}) as Record<string, unknown>;
    if (typeof data['image/png'] === 'string') return [{ atype: 'png', output: (data['image/png'] as string).replace(/\s+/g, ''), width: 100 }];
    if (typeof data['text/plain'] === 'string') return [{ atype: 'text', output: `${data['text/plain'] as string}\n` }];
    return [];
  }
  if (type === 'error') {
    const traceback = Array.isArray(c.traceback) ? (c.traceback as string[]).join('\n') : `${String(c.ename)}: ${String(c.evalue)}`;
    return [{ atype: 'text', output: `${stripAnsi(traceback)}\n` }];
  }
  return [];
}

const statusOf = (state: unknown): RunnerStatus | null =>
  state === 'starting' || state === 'idle' || state === 'busy' || state === 'restarting' || state === 'dead' ? state : null;

export function createKernelRunner(options: KernelRunnerOptions = {}): CellRunner {
  const getToken = options.token ?? defaultToken;
  const writeUse = options.writeUse ?? defaultWriteUse;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const Socket = options.WebSocket ?? WebSocket;
  const now = options.now ?? (() => Date.now());
  const kernelName = options.kernelName ?? 'python3';
  const session = uuid();
  const listeners = new Set<(status: RunnerStatus, text: string) => void>();

  let kernelId: string | null = options.kernelId ?? null;
  let token: { value: KernelToken; until: number } | null = null;
  let lastUse = 0;

  const emit = (status: RunnerStatus, text = '') => listeners.forEach((l) => l(status, text));

  async function currentToken(): Promise<KernelToken> {
    if (token && token.until > now()) return token.value;
    const value = await getToken();
    if (!value.kernel_service) throw new KernelUnavailableError();
    // renew a little before it expires
    token = { value, until: now() + Math.max(5, value.expires_in - 30) * 1000 };
    return value;
  }

  const httpBase = (t: KernelToken) => new URL(t.kernel_base, window.location.origin).toString().replace(/\/+$/, '');

  async function rest(method: string, path: string, body?: unknown): Promise<Response> {
    let t = await currentToken();
    const call = () =>
      doFetch(`${httpBase(t)}/api/kernels${path}`, {
        method,
        headers: { authorization: `token ${t.jupytoken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let response = await call();
    if (response.status === 401) {
      token = null;
      t = await currentToken();
      response = await call();
    }
    return response;
  }

  function setKernel(id: string | null) {
    kernelId = id;
    options.onKernel?.(id);
  }

  /** The kernel to run on: the known one when it is alive, else a new one. */
  async function ensureKernel(): Promise<string> {
    if (kernelId) {
      const found = await rest('GET', `/${kernelId}`);
      if (found.ok) {
        const model = (await found.json()) as { execution_state?: string };
        if (model.execution_state !== 'dead') return kernelId;
      }
      setKernel(null);
    }
    emit('starting');
    const created = await rest('POST', '', { name: kernelName });
    if (!created.ok) {
      const body = (await created.json().catch(() => ({}))) as { message?: string };
      emit('dead', body.message ?? '');
      throw new Error(body.message ?? `Kernel could not be started (HTTP ${created.status})`);
    }
    const model = (await created.json()) as { id: string };
    setKernel(model.id);
    return model.id;
  }

  function noteUse(id: string) {
    if (now() - lastUse < KERNEL_USE_INTERVAL_S * 1000) return;
    lastUse = now();
    void writeUse(id).catch(() => undefined);
  }

  function message(type: string, channel: string, content: Record<string, unknown>): JupyterMessage {
    return {
      header: { msg_id: uuid(), msg_type: type, session, username: 'lectio', date: new Date(now()).toISOString(), version: KERNEL_PROTOCOL_VERSION },
      parent_header: {},
      metadata: {},
      content,
      channel,
      buffers: [],
    };
  }

  /** One execute over a socket opened for it; resolves at the execute reply (and the idle after it). */
  function execute(id: string, t: KernelToken, code: string, handlers: CellRunHandlers): Promise<CellRunResult & { noReply?: boolean }> {
    const wsUrl = `${httpBase(t).replace(/^http/, 'ws')}/api/kernels/${id}/channels?session_id=${session}&token=${encodeURIComponent(t.jupytoken)}`;
    return new Promise((resolve, reject) => {
      const socket = new Socket(wsUrl);
      const request = message('execute_request', 'shell', {
        code, silent: false, store_history: true, user_expressions: {}, allow_stdin: true, stop_on_error: true,
      });
      let replied = false;
      let result: CellRunResult | null = null;
      let idle = false;
      const finish = () => {
        if (result && idle) {
          socket.close();
          resolve(result);
        }
      };
      socket.onopen = () => socket.send(JSON.stringify(request));
      socket.onerror = () => undefined;
      socket.onclose = () => {
        if (!result) resolve({ status: 'aborted', executionCount: null, noReply: !replied });
      };
      socket.onmessage = (event: MessageEvent) => {
        let msg: JupyterMessage;
        try {
          msg = JSON.parse(String(event.data)) as JupyterMessage;
        } catch {
          return;
        }
        noteUse(id);
        const type = msg.header.msg_type;
        if (type === 'status') {
          const status = statusOf(msg.content.execution_state);
          if (status) emit(status);
        }
        if (msg.parent_header.msg_id !== request.header.msg_id) return;
        replied = true;
        if (type === 'status' && msg.content.execution_state === 'idle') {
          idle = true;
          finish();
        } else if (type === 'execute_reply') {
          const status = msg.content.status === 'ok' ? 'ok' : msg.content.status === 'aborted' ? 'aborted' : 'error';
          result = { status, executionCount: typeof msg.content.execution_count === 'number' ? msg.content.execution_count : null };
          finish();
        } else if (type === 'input_request') {
          handlers
            .onInput(String(msg.content.prompt ?? ''), Boolean(msg.content.password))
            .then((value) => {
              const reply = message('input_reply', 'stdin', { value });
              reply.parent_header = msg.header;
              socket.send(JSON.stringify(reply));
            })
            .catch(reject);
        } else {
          for (const output of outputsOf(msg)) handlers.onOutput(output);
        }
      };
    });
  }

  if (options.warm ?? true) void rest('GET', '').catch(() => undefined);

  return {
    kind: 'kernel',
    async run(code, handlers) {
      let id = await ensureKernel();
      let result = await execute(id, await currentToken(), code, handlers);
      if (result.noReply) {
        // the socket found no target: a new kernel and a new socket (spec/3 §4)
        setKernel(null);
        id = await ensureKernel();
        result = await execute(id, await currentToken(), code, handlers);
      }
      return { status: result.status, executionCount: result.executionCount };
    },
    async interrupt() {
      if (kernelId) await rest('POST', `/${kernelId}/interrupt`);
    },
    async restart() {
      if (!kernelId) return;
      emit('restarting');
      const response = await rest('POST', `/${kernelId}/restart`);
      if (!response.ok) setKernel(null);
      emit(response.ok ? 'idle' : 'dead');
    },
    async shutdown() {
      if (!kernelId) return;
      const id = kernelId;
      setKernel(null);
      await rest('DELETE', `/${id}`).catch(() => undefined);
      emit('disconnected');
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
