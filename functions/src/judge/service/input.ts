/**
 * Terminal input of interactive runs, from the WebSocket handler to the job. With the pipes channel (local
 * cloud) the worker pool registers itself here; with the DynamoDB channel (AWS, or JUDGE_CHANNEL=dynamodb)
 * the text becomes an input item the job polls (channel/dynamo-channel.ts). Only the ticket's owner may
 * write, and only while the job has not ended.
 */
import { channelKind } from '../channel/channel';
import { writeInput } from '../channel/dynamo-channel';
import { ownJob } from './job-record';

type Sink = (ticket: string, text: string) => boolean;
let sink: Sink | null = null;

export function registerInputSink(s: Sink) {
  sink = s;
}

/** Forwards typed text to the caller's own running job; false when it is not theirs or not running. */
export async function judgeInput(userId: number, ticket: string, text: string): Promise<boolean> {
  const job = await ownJob(ticket, userId).catch(() => null);
  if (!job || job.status === 'done') return false;
  if (channelKind() === 'dynamodb') return writeInput(ticket, text);
  return sink ? sink(ticket, text) : false;
}
