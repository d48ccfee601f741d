/**
 * The local cloud's shard publishers (what asynchronous Lambda invocations are in AWS): a pool of
 * worker threads, each posting its shards through the management API, so a wide topic's shards are
 * published in parallel on every core while the main thread serves the WebSocket gateway.
 *
 * The threads start on the first wide publish (most local clouds, e.g. a test's, never need them);
 * until one is ready, shards are published in this thread. A thread takes at most `shardsPerWorker`
 * shards at once (each with PUBLISH_CONCURRENCY posts in flight); the others wait in a queue.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ShardJob, ShardReport } from '../ws/publish';

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

type Reply = { ready: true } | { id: number; report: ShardReport } | { id: number; error: string };

export interface PublishPoolOptions {
  /** Threads (default: the cores, 1 to 4; PUBLISH_WORKERS overrides). */
  size?: number;
  shardsPerWorker?: number;
}

/** The worker's entry; under tsx (the local cloud, tests) the thread registers tsx before loading it. */
function spawnWorker(): Worker {
  const entry = new URL(`./publish-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  // tsx's ESM API (its CommonJS build fails to register from a worker)
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true });
}

/** A shard published in this thread (before a worker is ready, or after they died). */
async function publishShard(job: ShardJob): Promise<ShardReport> {
  // loaded on use: the publish module's clients read the environment the local cloud sets first
  const { publishShard: publishHere } = await import('../ws/publish');
  return publishHere(job.topic, job.shard, job.message);
}

export class PublishPool {
  private readonly size: number;
  private readonly shardsPerWorker: number;
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Shards published by the threads and in this thread (tests, benches). */
  readonly published = { byWorkers: 0, inThread: 0 };

  constructor(options: PublishPoolOptions = {}) {
    this.size = options.size ?? Number(process.env.PUBLISH_WORKERS || Math.max(1, Math.min(4, availableParallelism())));
    this.shardsPerWorker = options.shardsPerWorker ?? 2;
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
    return publishShard(job);
  }

  /** The pool's `ShardDispatcher`. */
  readonly dispatch = (job: ShardJob): Promise<ShardReport> => {
    if (this.closed) return this.here(job);
    this.start();
    if (!this.threads.some((t) => t.ready)) return this.here(job);
    return new Promise<ShardReport>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  };

  private start() {
    if (this.threads.length || this.closed) return;
    for (let i = 0; i < this.size; i++) {
      const thread: Thread = { worker: spawnWorker(), ready: false, busy: new Map() };
      thread.worker.unref();
      thread.worker.on('message', (reply: Reply) => this.onReply(thread, reply));
      thread.worker.on('error', (error) => this.onExit(thread, error));
      thread.worker.on('exit', (code) => this.onExit(thread, new Error(`publish worker exited (${code})`)));
      this.threads.push(thread);
    }
  }

  private onReply(thread: Thread, reply: Reply) {
    if ('ready' in reply) {
      thread.ready = true;
      this.pump();
      return;
    }
    const pending = thread.busy.get(reply.id);
    thread.busy.delete(reply.id);
    if (pending) {
      this.published.byWorkers++;
      if ('report' in reply) pending.resolve(reply.report);
      else pending.reject(new Error(reply.error));
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
      free.worker.postMessage({ id, job: pending.job });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const p of this.queue.splice(0)) p.reject(new Error('publish pool closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
