/**
 * A thread of the local cloud's publish pool: runs shard jobs with the same `publishShard` a shard
 * publisher Lambda runs (its own DynamoDB and management API clients), and answers each job's report.
 */
import { parentPort } from 'node:worker_threads';
import { publishShard, type ShardJob } from '../ws/publish';

interface Request {
  id: number;
  job: ShardJob;
}

parentPort!.on('message', ({ id, job }: Request) => {
  publishShard(job.topic, job.shard, job.message).then(
    (report) => parentPort!.postMessage({ id, report }),
    (error: unknown) => parentPort!.postMessage({ id, error: (error as Error).message ?? String(error) }),
  );
});
parentPort!.postMessage({ ready: true });
