// The answer burst's client thread (see competitions.bench.ts): each request goes out at its own
// instant (epoch ms) from this worker's event loop, not from the one that serves them, as browsers
// would, over node:http with keep-alive sockets and no pool limit; plain JavaScript, as workers do
// not get the TypeScript loader.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { requests } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const results = await Promise.all(
  requests.map(async ({ url, headers, body, at }) => {
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = Date.now();
    try {
      const res = await post(url, { ...headers, 'x-sent-at': String(sentAt) }, body);
      let message = '';
      try {
        message = JSON.parse(res.text).message ?? '';
      } catch {
        message = res.text.slice(0, 100);
      }
      return { sentAt, status: res.status, message, answeredAt: Date.now() };
    } catch (e) {
      return { sentAt, status: 0, message: String(e), answeredAt: Date.now() };
    }
  }),
);
agent.destroy();
parentPort.postMessage(results);
