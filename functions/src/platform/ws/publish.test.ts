/**
 * The publish path with mocked AWS clients: a shard's report (delivered / gone / failed / duration),
 * a gone connection deleted, a wide topic's shards handed to the dispatcher (all at once) or published
 * here, the asynchronous Lambda dispatch, and the reports as metrics.
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { metrics } from '../http/metrics';
import { keys } from '../db/keys';
import { publish, publishShard, useConnectionPoster, useShardDispatcher, type ShardJob } from './publish';
import { invokeShardPublisher } from './shard-invoker';
import { parseShardJob } from './shard-handler';

const management = mockClient(ApiGatewayManagementApiClient);
const documents = mockClient(DynamoDBDocumentClient);
const lambda = mockClient(LambdaClient);
const message = { type: 'competition.closed' as const, topic: 'competition:7', competitionId: 7, serverNow: 1 };

/** Subscribers by GSI1 partition. */
let partitions: Record<string, string[]>;

/** The metric records written (name → values), through a stand-in for Powertools' single metric. */
let recorded: Array<{ dimensions: Record<string, string>; values: Record<string, number> }>;

beforeEach(() => {
  process.env.WS_MANAGEMENT_ENDPOINT = 'https://example.execute-api.us-east-1.amazonaws.com/prod';
  management.reset();
  documents.reset();
  lambda.reset();
  partitions = {};
  documents.on(QueryCommand).callsFake((input: { IndexName?: string; ExpressionAttributeValues: Record<string, string> }) => {
    if (input.IndexName === 'gsi1') return { Items: (partitions[input.ExpressionAttributeValues[':t']!] ?? []).map((connectionId) => ({ connectionId })) };
    return { Items: [{ pk: 'CONN#x', sk: 'META' }] }; // a gone connection's own items
  });
  documents.on(BatchWriteCommand).resolves({});
  management.on(PostToConnectionCommand).resolves({});
  recorded = [];
  vi.spyOn(metrics, 'singleMetric').mockImplementation(() => {
    const record = { dimensions: {} as Record<string, string>, values: {} as Record<string, number> };
    recorded.push(record);
    return {
      addDimension: (name: string, value: string) => void (record.dimensions[name] = value),
      addMetric: (name: string, _unit: unknown, value: number) => void (record.values[name] = value),
    } as never;
  });
});
afterEach(() => {
  useShardDispatcher(undefined);
  useConnectionPoster(undefined);
  vi.restoreAllMocks();
});
afterAll(() => {
  management.restore();
  documents.restore();
  lambda.restore();
});

describe('publishShard', () => {
  it('posts to the shard’s subscribers and reports delivered, gone (deleted) and failed', async () => {
    // Prepare
    partitions[keys.topicSubscribers('competition:7', 3)] = ['a=', 'b=', 'gone=', 'broken='];
    management.on(PostToConnectionCommand, { ConnectionId: 'gone=' }).rejects(new GoneException({ message: 'gone', $metadata: {} }));
    management.on(PostToConnectionCommand, { ConnectionId: 'broken=' }).rejects(new Error('throttled'));

    // Act
    const report = await publishShard('competition:7', 3, message);

    // Assess
    expect(report).toMatchObject({ delivered: 2, gone: 1, failed: 1 });
    expect(report.durationMs).toBeGreaterThanOrEqual(0);
    expect(management.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input.ConnectionId).sort()).toEqual(['a=', 'b=', 'broken=', 'gone=']);
    expect(JSON.parse(Buffer.from(management.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data as Uint8Array).toString())).toEqual(message);
    // the gone connection's items are deleted
    expect(documents.commandCalls(QueryCommand).some((c) => c.args[0].input.ExpressionAttributeValues?.[':pk'] === 'CONN#gone=')).toBe(true);
    expect(documents.commandCalls(BatchWriteCommand)).toHaveLength(1);
    expect(recorded).toEqual([
      { dimensions: { topicKind: 'competition' }, values: { Delivered: 2, Gone: 1, Failed: 1, ShardDuration: report.durationMs } },
    ]);
  });

  it('shard 0 of a sharded topic also reads the partition of subscriptions made before sharding', async () => {
    partitions[keys.topicSubscribers('competition:7', 0)] = ['new='];
    partitions[keys.topicSubscribers('competition:7')] = ['old='];
    expect(await publishShard('competition:7', 0, message)).toMatchObject({ delivered: 2 });
    partitions[keys.topicSubscribers('competition:7', 1)] = ['other='];
    expect(await publishShard('competition:7', 1, message)).toMatchObject({ delivered: 1 });
  });
});

describe('a connection poster other than the management API (the local pool’s port to the gateway)', () => {
  it('gets each page once and its outcomes make the report; gone ones are deleted', async () => {
    partitions[keys.topicSubscribers('competition:7', 4)] = ['a=', 'b=', 'c='];
    const pages: Array<[string[], string]> = [];
    useConnectionPoster(async (ids, payload) => {
      pages.push([ids, payload]);
      return ['delivered', 'gone', { error: 'Message too long' }];
    });
    expect(await publishShard('competition:7', 4, message)).toMatchObject({ delivered: 1, gone: 1, failed: 1 });
    expect(pages).toEqual([[['a=', 'b=', 'c='], JSON.stringify(message)]]);
    expect(management.commandCalls(PostToConnectionCommand)).toHaveLength(0);
    expect(documents.commandCalls(QueryCommand).some((c) => c.args[0].input.ExpressionAttributeValues?.[':pk'] === 'CONN#b=')).toBe(true);
  });
});

describe('publish', () => {
  it('hands every shard of a wide topic to the dispatcher at once and adds up their reports', async () => {
    const jobs: ShardJob[] = [];
    let inFlight = 0;
    let most = 0;
    useShardDispatcher(async (job) => {
      jobs.push(job);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { delivered: 10, gone: job.shard === 2 ? 1 : 0, failed: 0, durationMs: 5 };
    });
    const report = await publish('competition:7', message);
    expect(jobs.map((j) => j.shard)).toEqual([...Array(16).keys()]);
    expect(most).toBe(16);
    expect(report).toMatchObject({ delivered: 160, gone: 1, failed: 0, shards: 16, dispatched: 0 });
    expect(recorded.at(-1)).toEqual({ dimensions: { topicKind: 'competition' }, values: { PublishDuration: report.durationMs, Shards: 16 } });
  });

  it('publishes a shard here when the dispatcher fails to take it', async () => {
    partitions[keys.topicSubscribers('competition:7', 9)] = ['p=', 'q='];
    useShardDispatcher(async (job) => {
      if (job.shard === 9) throw new Error('TooManyRequestsException');
      return { delivered: 0, gone: 0, failed: 0, durationMs: 1 };
    });
    expect(await publish('competition:7', message)).toMatchObject({ delivered: 2, shards: 16, dispatched: 0 });
    expect(management.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input.ConnectionId)).toEqual(['p=', 'q=']);
  });

  it('publishes a one-shard topic here, without the dispatcher', async () => {
    const dispatcher = vi.fn();
    useShardDispatcher(dispatcher);
    partitions['TOPIC#user:3'] = ['u1=', 'u2='];
    const report = await publish('user:3', { ...message, topic: 'user:3' });
    expect(dispatcher).not.toHaveBeenCalled();
    expect(report).toMatchObject({ delivered: 2, shards: 1, dispatched: 0 });
  });

  it('publishes every shard here when no dispatcher is set', async () => {
    partitions[keys.topicSubscribers('competition:7', 5)] = ['x='];
    partitions[keys.topicSubscribers('competition:7', 15)] = ['y=', 'z='];
    expect(await publish('competition:7', message)).toMatchObject({ delivered: 3, shards: 16, dispatched: 0 });
  });

  it('refuses a message outside the catalogue before reading any subscriber', async () => {
    await expect(publish('competition:7', { type: 'nope' } as never)).rejects.toThrow();
    expect(documents.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('in AWS: one asynchronous invocation a shard', () => {
  it('invokes the shard publisher with InvocationType Event and counts the shards as dispatched', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    useShardDispatcher(invokeShardPublisher('lectio-publish-shard'));
    const report = await publish('competition:7', message);
    const calls = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(16);
    expect(calls[0]).toMatchObject({ FunctionName: 'lectio-publish-shard', InvocationType: 'Event' });
    expect(calls.map((c) => parseShardJob(JSON.parse(Buffer.from(c.Payload as Uint8Array).toString())).shard)).toEqual([...Array(16).keys()]);
    expect(report).toMatchObject({ delivered: 0, shards: 16, dispatched: 16 });
    expect(recorded.at(-1)!.values).toHaveProperty('DispatchDuration');
  });

  it('the shard publisher refuses a job that is not a shard of a known topic or not a catalogued message', () => {
    expect(parseShardJob({ topic: 'competition:7', shard: 15, message })).toEqual({ topic: 'competition:7', shard: 15, message });
    expect(() => parseShardJob({ topic: 'competition:7', shard: 16, message })).toThrow();
    expect(() => parseShardJob({ topic: 'user:3', shard: 1, message })).toThrow();
    expect(() => parseShardJob({ topic: 'not a topic', shard: 0, message })).toThrow();
    expect(() => parseShardJob({ topic: 'competition:7', shard: 0, message: { type: 'x' } })).toThrow();
  });
});
