/**
 * The shard publisher Lambda (entry `app/publish-shard.ts`), invoked asynchronously once a shard by
 * `shard-invoker.ts`: reads the shard's subscribers and posts the message to them. The job is parsed
 * at the edge; a post that fails is reported, not retried here (an invocation that throws, i.e. the
 * subscriber read failed, is retried by Lambda's asynchronous retry).
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { serverMessage, topic } from '@lectio/events';
import { logger } from '../http/logger';
import { publishShard, type ShardJob, type ShardReport } from './publish';
import { shardCountOf } from './shards';

/** The invocation's payload as a shard job: a known topic, one of its shards, a catalogued message. */
export function parseShardJob(event: unknown): ShardJob {
  const input = (event ?? {}) as Partial<Record<keyof ShardJob, unknown>>;
  const checkedTopic = topic.parse(input.topic);
  const shard = input.shard;
  if (typeof shard !== 'number' || !Number.isInteger(shard) || shard < 0 || shard >= shardCountOf(checkedTopic)) {
    throw new Error(`shard ${String(shard)} is not a shard of ${checkedTopic}`);
  }
  return { topic: checkedTopic, shard, message: serverMessage.parse(input.message) };
}

async function publishOne(event: unknown): Promise<ShardReport> {
  const job = parseShardJob(event);
  const report = await publishShard(job.topic, job.shard, job.message);
  logger.info('shard published', { topic: job.topic, shard: job.shard, ...report });
  return report;
}

export const handler = middy<unknown, ShardReport, Error, Context>({ timeoutEarlyInMillis: 0 })
  .use({
    before: async ({ context }) => {
      if (context?.awsRequestId) logger.addContext(context);
      logger.resetKeys();
    },
  })
  .handler(publishOne);
