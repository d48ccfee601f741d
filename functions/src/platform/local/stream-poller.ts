/**
 * Does the Lambda event-source mapping's job locally: reads the table's stream shards from
 * DynamoDB Local and hands batches to the stream handler, resuming from a checkpoint file so a
 * restart neither replays nor loses records.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
    type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext } from './lambda-context';

export type StreamHandler = (event: DynamoDBStreamEvent, context: unknown) => Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> } | void>;

type Attribute = Record<string, unknown>;

/**
 * The Streams SDK client turns an empty map `{ M: {} }` into `{}`; Lambda receives the wire
 * JSON. Restore the map so handlers see what they would see in AWS.
 */
export function lambdaImage(image: Record<string, Attribute> | undefined): Record<string, Attribute> | undefined {
  if (!image) return image;
  const fix = (v: Attribute): Attribute => {
    if (Object.keys(v).length === 0) return { M: {} };
    if (v.M) return { M: lambdaImage(v.M as Record<string, Attribute>) };
    if (Array.isArray(v.L)) return { L: (v.L as Attribute[]).map(fix) };
    return v;
  };
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, fix(v)]));
}

/** As the event source mapping in infra (retryAttempts: 3). */
const MAX_RETRIES = 3;

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  handler: () => Promise<StreamHandler>;
  checkpointFile?: string;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export class StreamPoller {
  private readonly streams: DynamoDBStreamsClient;
  private readonly dynamo: DynamoDBClient;
  private iterators = new Map<string, string>();
  private checkpoints: Record<string, string> = {};
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private streamArn?: string;
  /** The table's key attributes (partition key first), which make a record's or an item's key. */
  private keyNames: string[] = [];
  /** Keys whose next stream record is not handed on (`passOver`), with how many such records are still to come. */
  private passing = new Map<string, number>();
  private idle?: () => void;
  private busy = false;
  private drained: Array<() => void> = [];
  /** Retries of the batch a shard's handler reported failed (as the mapping's MaximumRetryAttempts). */
  private retries = new Map<string, number>();

  constructor(private readonly options: StreamPollerOptions) {
    const common = { endpoint: options.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    this.streams = new DynamoDBStreamsClient(common);
    this.dynamo = new DynamoDBClient(common);
    if (options.checkpointFile) {
      try {
        this.checkpoints = JSON.parse(readFileSync(options.checkpointFile, 'utf8')) as Record<string, string>;
      } catch {
        this.checkpoints = {};
      }
    }
  }

  async start(): Promise<void> {
    const table = await this.dynamo.send(new DescribeTableCommand({ TableName: this.options.tableName }));
    this.streamArn = table.Table?.LatestStreamArn;
    if (!this.streamArn) throw new Error('the table has no stream');
    const schema = table.Table?.KeySchema ?? [];
    this.keyNames = [...schema].sort((a, b) => (a.KeyType === 'HASH' ? -1 : b.KeyType === 'HASH' ? 1 : 0)).map((k) => k.AttributeName!);
    await this.refreshShards(true);
    this.schedule();
  }

  private async refreshShards(initial: boolean) {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const out = await this.streams.send(new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }));
      shards.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    for (const shard of shards) {
      const id = shard.ShardId!;
      if (this.iterators.has(id) || this.checkpoints[`done:${id}`]) continue;
      const seq = this.checkpoints[id];
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      const type = seq ? 'AFTER_SEQUENCE_NUMBER' : initial && open && !this.options.checkpointFile ? 'LATEST' : 'TRIM_HORIZON';
      try {
        const it = await this.streams.send(
          new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: id, ShardIteratorType: type, SequenceNumber: seq }),
        );
        if (it.ShardIterator) this.iterators.set(id, it.ShardIterator);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }

  /** Polls again at once while records keep coming (as the event source mapping does), else after the interval. */
  private schedule(busy = false) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll(), busy ? 0 : (this.options.intervalMs ?? 200));
  }

  /** Resolves after a poll that found no new records: the projections have caught up. */
  drain(): Promise<void> {
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private async poll() {
    this.busy = true;
    let seen = 0;
    try {
      let sawClosed = false;
      for (const [shardId, iterator] of [...this.iterators]) {
        const out = await this.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
        const records = out.Records ?? [];
        seen += records.length;
        const handed = this.passing.size ? records.filter((r) => !this.passedOver(r)) : records;
        if (handed.length) {
          const handler = await this.options.handler();
          const event = {
            Records: handed.map((r) => ({
              ...r,
              dynamodb: r.dynamodb && {
                ...r.dynamodb,
                NewImage: lambdaImage(r.dynamodb.NewImage as Record<string, Attribute> | undefined),
                OldImage: lambdaImage(r.dynamodb.OldImage as Record<string, Attribute> | undefined),
              },
              eventSourceARN: this.streamArn,
            })),
          } as unknown as DynamoDBStreamEvent;
          const result = await handler(event, lambdaContext('lectio-streams'));
          const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
          const tries = (this.retries.get(shardId) ?? 0) + 1;
          const retry = Boolean(failed) && tries <= MAX_RETRIES;
          // Checkpoint what was projected: the records before the failed one when the batch is read again.
          const done = retry ? records.slice(0, Math.max(0, records.findIndex((r) => r.dynamodb?.SequenceNumber === failed))) : records;
          if (done.length) {
            this.checkpoints[shardId] = done[done.length - 1]!.dynamodb!.SequenceNumber!;
            this.saveCheckpoints();
          }
          if (retry) {
            // As the event source mapping: the batch is read again from the first failed record.
            this.retries.set(shardId, tries);
            const again = await this.streams.send(
              new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: failed }),
            );
            if (again.ShardIterator) this.iterators.set(shardId, again.ShardIterator);
            continue;
          }
          if (failed) this.options.onError?.(new Error(`stream records from ${failed} dropped after ${MAX_RETRIES} retries`));
          this.retries.delete(shardId);
        }
        if (out.NextShardIterator) this.iterators.set(shardId, out.NextShardIterator);
        else {
          this.iterators.delete(shardId);
          this.checkpoints[`done:${shardId}`] = '1';
          sawClosed = true;
        }
      }
      if (sawClosed || this.iterators.size === 0) await this.refreshShards(false);
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.busy = false;
      if (seen === 0) this.drained.splice(0).forEach((resolve) => resolve());
      this.idle?.();
      this.schedule(seen > 0);
    }
  }

  /**
   * Runs `write`, which writes `items` (each once) with their own projections (the demo learners with their
   * leaderboard entries): the stream records of those writes are read and checkpointed but not handed to the
   * handler, so they are never projected (nor after a restart). Everything else, written before, meanwhile
   * or after, is projected as usual, so the pass neither waits for the stream nor holds it up.
   */
  async passOver(items: Array<Record<string, unknown>>, write: () => Promise<void>): Promise<void> {
    if (this.keyNames.length === 0) throw new Error('passOver before start');
    for (const item of items) {
      const key = this.keyOf(item);
      this.passing.set(key, (this.passing.get(key) ?? 0) + 1);
    }
    await write();
  }

  private keyOf(item: Record<string, unknown>): string {
    return JSON.stringify(this.keyNames.map((name) => item[name]));
  }

  /** Whether a record is one `passOver` passes over (each is passed over once). */
  private passedOver(record: { dynamodb?: { Keys?: Record<string, unknown> } }): boolean {
    const keys = record.dynamodb?.Keys;
    if (!keys) return false;
    const key = this.keyOf(unmarshall(keys as Record<string, AttributeValue>));
    const left = this.passing.get(key);
    if (!left) return false;
    if (left === 1) this.passing.delete(key);
    else this.passing.set(key, left - 1);
    return true;
  }

  private saveCheckpoints() {
    if (this.options.checkpointFile) writeFileSync(this.options.checkpointFile, JSON.stringify(this.checkpoints));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.busy) await new Promise<void>((resolve) => (this.idle = resolve));
    this.streams.destroy();
    this.dynamo.destroy();
  }
}
