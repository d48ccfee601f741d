/**
 * A thread of the local cloud's publish pool: runs shard jobs with the same `publishShard` a shard
 * publisher Lambda runs (its own DynamoDB client). Its posts go, a page at a time, through the message
 * port to the WebSocket gateway in the main thread (`transport: 'port'`), or through the management API
 * over HTTP as in AWS (`'http'`, PUBLISH_POOL_TRANSPORT=http).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { publishShard, useConnectionPoster, type PostOutcome, type ShardJob } from '../ws/publish';
import type { FromPool, ToPool } from './publish-pool';

const port = parentPort!;
const send = (message: ToPool) => port.postMessage(message);
const waiting = new Map<number, (outcomes: PostOutcome[]) => void>();
let nextPost = 1;

if ((workerData as { transport?: string } | undefined)?.transport === 'port') {
  useConnectionPoster(
    (connectionIds, payload) =>
      new Promise((resolve) => {
        const id = nextPost++;
        waiting.set(id, resolve);
        send({ post: { id, connectionIds, payload } });
      }),
  );
}

const run = ({ id, job }: { id: number; job: ShardJob }) =>
  publishShard(job.topic, job.shard, job.message).then(
    (report) => send({ done: { id, report } }),
    (error: unknown) => send({ failed: { id, error: (error as Error).message ?? String(error) } }),
  );

port.on('message', (message: FromPool) => {
  if ('job' in message) void run(message.job);
  else {
    waiting.get(message.posted.id)?.(message.posted.outcomes);
    waiting.delete(message.posted.id);
  }
});
send({ ready: true });
