// The load generator's thread (see open-loop.ts): plain JavaScript, as workers do not get the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { requests, rate } = workerData;
const latencies = new Array(requests.length).fill(NaN);
let errors = 0;
const started = performance.now();
const inflight = [];
for (let i = 0; i < requests.length; i++) {
  const wait = started + (i * 1000) / rate - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const { url, ...init } = requests[i];
  const t = performance.now();
  inflight.push(
    fetch(url, init)
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      })
      .catch(() => void errors++)
      .finally(() => void (latencies[i] = performance.now() - t)),
  );
}
await Promise.all(inflight);
parentPort.postMessage({ latencies, errors, elapsed: (performance.now() - started) / 1000 });
