/**
 * Judge orchestrator Lambda (AWS): takes one job from the FIFO queue (message group = the learner, so a
 * learner's second run waits for the first), invokes the runner Lambda with it, stores the result, records
 * a learner's grade as the task's rating, and announces the end on `judge:{ticket}`. With the DynamoDB
 * channel (JUDGE_CHANNEL=dynamodb, set by the CDK) the runner itself reads the learner's terminal input and
 * stop from the table and writes output and progress there (channel/dynamo-channel.ts); the stream
 * projection publishes them. Without it only the start and the end are announced.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../platform/http/logger';
import type { JudgeResult } from './core/job';
import { markRunning } from './service/job-record';
import { completeJob, monitor, type QueuedJob } from './service/service';
import { channelKind } from './channel/channel';
import { channelCredentials } from './channel/credentials';
import { env } from '../platform/config';
import { traced } from '../platform/tracing';

const lambda = traced(new LambdaClient({}));

export async function runOnRunner(job: QueuedJob): Promise<JudgeResult> {
  const channel = channelKind() === 'dynamodb';
  // the runner gets keys for this ticket's channel only
  const credentials = channel ? await channelCredentials(job.ticket) : undefined;
  const out = await lambda.send(
    new InvokeCommand({ FunctionName: env('JUDGE_RUNNER_FUNCTION'), Payload: Buffer.from(JSON.stringify({ ticket: job.ticket, job: job.job, channel, credentials })) }),
  );
  const text = Buffer.from(out.Payload ?? new Uint8Array()).toString('utf8');
  if (out.FunctionError) throw new Error(`runner failed: ${text.slice(0, 500)}`);
  return JSON.parse(text) as JudgeResult;
}

export const handler = async (event: SQSEvent) => {
  for (const record of event.Records) {
    const job = JSON.parse(record.body) as QueuedJob;
    const started = Date.now();
    await markRunning(job.ticket);
    // over the channel the runner's own messages say how far it got
    if (channelKind() !== 'dynamodb') await monitor(job.ticket, 'message:compilation');
    let result: JudgeResult;
    try {
      result = await runOnRunner(job);
    } catch (e) {
      logger.error('judge runner failed', { ticket: job.ticket, error: String(e) });
      result = { compilation: '', execution: 'Internal error of the judge.\n', grade: null, comments: [], interrupted: false, log: [] };
    }
    await completeJob(job, result, Date.now() - started);
  }
};
