/**
 * The AWS shard dispatcher: one asynchronous invocation (InvocationType Event) of the shard publisher
 * Lambda (`app/publish-shard.ts`, named by PUBLISH_SHARD_FUNCTION) a shard, so a wide topic's shards
 * are posted by as many Lambdas in parallel. The invocation answers once Lambda has queued the event;
 * the shard's counts arrive in the publisher's metrics.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { env } from '../config';
import type { ShardDispatcher } from './publish';

let lambda: LambdaClient | undefined;

export function invokeShardPublisher(functionName: string): ShardDispatcher {
  return async (job) => {
    lambda ??= new LambdaClient({ region: env('AWS_REGION') });
    await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(job)) }));
    return null;
  };
}
