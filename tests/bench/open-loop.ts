/**
 * An open-loop load generator on its own thread: requests go out on schedule (`rate` per second,
 * whether or not earlier ones have answered), and the client's own work (fetch, timers) runs on a
 * worker's event loop, not on the one that serves the requests, as with real browsers.
 */
import { Worker } from 'node:worker_threads';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Milliseconds from sending each request to the end of its answer, in the order the requests were given. */
  latencies: number[];
  /** Answers that were not 200, and requests that failed. */
  errors: number;
  /** Seconds from the first request sent to the last answer. */
  elapsed: number;
}

/** Sends `requests` at `rate` per second from a worker thread and collects the latencies. */
export function openLoop(requests: LoadRequest[], rate: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop-worker.mjs', import.meta.url), { workerData: { requests, rate } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
