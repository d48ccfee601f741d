/**
 * The local cloud's shard publishers (what asynchronous Lambda invocations are in AWS): a pool of
 * worker threads, each running `publishShard` for the shards it is given, so a wide topic's shards are
 * read and published in parallel while the main thread serves the WebSocket gateway.
 *
 * Posts: with a gateway (`transport: 'port'`, the default) a worker hands each page of connection ids to
 * the gateway through its message port, and the gateway answers delivered / gone per id; without one,
 * or with PUBLISH_POOL_TRANSPORT=http, the worker calls the management API over HTTP with the SDK, as a
 * Lambda does. The SDK path costs ~0.2 ms of CPU and an HTTP round trip per socket (measured), which in
 * AWS is spread over the shard publishers' Lambdas but here lands on this machine's two cores.
 *
 * The threads start on the first wide publish (most local clouds, e.g. a test's, never need them);
 * until one is ready, and once none is left, shards are published in this thread (through the gateway
 * too). A thread takes at most `shardsPerWorker` shards at once; the others wait in a queue.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { env } from '../env';
import type { PostOutcome, ShardJob, ShardReport } from '../ws/publish';

/** Pool → worker. */
export type FromPool = { job: { id: number; job: ShardJob } } | { posted: { id: number; outcomes: PostOutcome[] } };
/** Worker → pool. */
export type ToPool =
  | { ready: true }
  | { done: { id: number; report: ShardReport } }
  | { failed: { id: number; error: string } }
  | { post: { id: number; connectionIds: string[]; payload: string } };

/** The WebSocket gateway's side of the port transport (`WsGateway.deliver`). */
export interface PostTarget {
  deliver: (connectionIds: string[], payload: string) => PostOutcome[];
}

interface Pending {
  job: ShardJob;
  resolve: (report: ShardReport) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  busy: Map<number, Pending>;
}

export interface PublishPoolOptions {
  /** Threads (default: the cores, 1 to 4; PUBLISH_WORKERS overrides). */
  size?: number;
  shardsPerWorker?: number;
  /** The gateway the workers post through; without it they use the management API over HTTP. */
  gateway?: PostTarget;
}

/**
 * The worker's entry: the server bundle's (`npm start` runs from one, SERVER_BUNDLE); under tsx (tests,
 * `npm run dev:api`) the thread registers tsx before loading the source.
 */
function spawnWorker(transport: 'port' | 'http'): Worker {
  const bundle = env('SERVER_BUNDLE');
  if (bundle) return new Worker(join(bundle, 'publish-worker.js'), { workerData: { transport } });
  const entry = new URL(`./publish-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: { transport } });
  // tsx's ESM API (its CommonJS build fails to register from a worker)
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`, {
    eval: true,
    workerData: { transport },
  });
}

/** A shard published in this thread, posting through the gateway when there is one (as the threads do). */
async function publishHere(job: ShardJob, gateway: PostTarget | undefined): Promise<ShardReport> {
  // loaded on use: the publish module's clients read the environment the local cloud sets first
  const { publishShard } = await import('../ws/publish');
  return publishShard(job.topic, job.shard, job.message, gateway && (async (ids, payload) => gateway.deliver(ids, payload)));
}

export class PublishPool {
  private readonly size: number;
  private readonly shardsPerWorker: number;
  private readonly transport: 'port' | 'http';
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Shards published by the threads and in this thread (tests, benches). */
  readonly published = { byWorkers: 0, inThread: 0 };

  constructor(private readonly options: PublishPoolOptions = {}) {
    this.size = options.size ?? env('PUBLISH_WORKERS') ?? Math.max(1, Math.min(4, availableParallelism()));
    this.shardsPerWorker = options.shardsPerWorker ?? 4;
    this.transport = options.gateway && env('PUBLISH_POOL_TRANSPORT') !== 'http' ? 'port' : 'http';
  }

  /** Starts the threads now (a bench does, so its first push does not pay for their start). */
  async warm(): Promise<void> {
    this.start();
    // ready, or dead (its shards are then published in this thread)
    await Promise.all(
      this.threads.map((t) =>
        t.ready ? undefined : new Promise<void>((resolve) => ['message', 'error', 'exit'].forEach((e) => t.worker.once(e, () => resolve()))),
      ),
    );
  }

  /** A shard published in this thread. */
  private here(job: ShardJob): Promise<ShardReport> {
    this.published.inThread++;
    return publishHere(job, this.transport === 'port' ? this.options.gateway : undefined);
  }

  /** The pool's `ShardDispatcher`. */
  readonly dispatch = (job: ShardJob): Promise<ShardReport> => {
    if (this.closed) return this.here(job);
    this.start();
    // while the threads start (0.3-2.5 s), this thread publishes, through the gateway as they would
    if (!this.threads.some((t) => t.ready)) return this.here(job);
    return new Promise<ShardReport>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  };

  private start() {
    if (this.threads.length || this.closed) return;
    for (let i = 0; i < this.size; i++) {
      const thread: Thread = { worker: spawnWorker(this.transport), ready: false, busy: new Map() };
      thread.worker.unref();
      thread.worker.on('message', (message: ToPool) => this.onMessage(thread, message));
      thread.worker.on('error', (error) => this.onExit(thread, error));
      thread.worker.on('exit', (code) => this.onExit(thread, new Error(`publish worker exited (${code})`)));
      this.threads.push(thread);
    }
  }

  private onMessage(thread: Thread, message: ToPool) {
    if ('post' in message) {
      const { id, connectionIds, payload } = message.post;
      const outcomes = this.options.gateway?.deliver(connectionIds, payload) ?? connectionIds.map(() => 'gone' as const);
      thread.worker.postMessage({ posted: { id, outcomes } } satisfies FromPool);
      return;
    }
    if ('ready' in message) {
      thread.ready = true;
      this.pump();
      return;
    }
    const id = 'done' in message ? message.done.id : message.failed.id;
    const pending = thread.busy.get(id);
    thread.busy.delete(id);
    if (pending) {
      this.published.byWorkers++;
      if ('done' in message) pending.resolve(message.done.report);
      else pending.reject(new Error(message.failed.error));
    }
    this.pump();
  }

  /** A thread that died: its shards are published here, the thread is left out from now on. */
  private onExit(thread: Thread, error: Error) {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    for (const pending of thread.busy.values()) {
      if (this.closed) pending.reject(error);
      else this.here(pending.job).then(pending.resolve, pending.reject);
    }
    thread.busy.clear();
    this.pump();
  }

  private pump() {
    while (this.queue.length) {
      const free = this.threads
        .filter((t) => t.ready && t.busy.size < this.shardsPerWorker)
        .sort((a, b) => a.busy.size - b.busy.size)[0];
      if (!free) {
        // no thread left at all (every one died): publish here
        if (!this.threads.length) for (const p of this.queue.splice(0)) this.here(p.job).then(p.resolve, p.reject);
        return;
      }
      const pending = this.queue.shift()!;
      const id = this.nextId++;
      free.busy.set(id, pending);
      free.worker.postMessage({ job: { id, job: pending.job } } satisfies FromPool);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const p of this.queue.splice(0)) p.reject(new Error('publish pool closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
