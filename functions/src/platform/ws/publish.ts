/**
 * The one publish path: a message to every subscriber of a topic through the API Gateway management
 * API. A topic's subscribers are sharded (`shards.ts`); each shard is published by one publisher with
 * bounded concurrency, the shards in parallel: in AWS one asynchronous invocation of the shard
 * publisher Lambda a shard, locally a worker pool (`platform/local/publish-pool.ts`), otherwise in
 * this process. A connection answering GoneException is deleted with its subscriptions; a failed post
 * is counted and logged. Every shard and every publish reports delivered / gone / failed / duration
 * as metrics (`publish-metrics.ts`).
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
  GoneException,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { serverMessage, type ServerMessage } from '@lectio/events';
import { env } from '../config';
import { unsignedForLocal } from '../db/client';
import { logger } from '../http/logger';
import { connectionsOfUser, removeConnection, rostersOf, subscribersOfShard } from './connections';
import { recordPublish, recordShard } from './publish-metrics';
import { invokeShardPublisher } from './shard-invoker';
import { isRostered, shardsOf } from './shards';
import { traced } from '../tracing';

let client: ApiGatewayManagementApiClient | undefined;
const management = () => {
  const endpoint = env('WS_MANAGEMENT_ENDPOINT');
  // The local cloud's management API (plain http on loopback) checks no signature: sparing the SigV4
  // work halves the client's CPU per post. API Gateway's endpoint is https and gets signed requests.
  return (client ??= traced(
    new ApiGatewayManagementApiClient({
      region: env('AWS_REGION'),
      endpoint,
      ...(endpoint.startsWith('http://') ? { signer: unsignedForLocal } : {}),
    }),
  ));
};

/** Posts in flight per shard publisher. */
export const PUBLISH_CONCURRENCY = 32;
/** Shards published at once when no dispatcher is set (this process does them all). */
export const IN_PROCESS_SHARDS = 2;

export interface ShardReport {
  delivered: number;
  gone: number;
  failed: number;
  /** Milliseconds from the first subscriber read to the last post's answer. */
  durationMs: number;
}

export interface PublishReport extends ShardReport {
  /** Shards the topic is spread over. */
  shards: number;
  /**
   * Shards handed to asynchronous publishers (AWS): their counts are not in this report but in their
   * own metrics and logs.
   */
  dispatched: number;
}

/** One shard of one publish: what a shard publisher (worker, Lambda invocation) is given. */
export interface ShardJob {
  topic: string;
  shard: number;
  message: ServerMessage;
}

/** Publishes one shard somewhere; answers its report, or null when it was handed off asynchronously. */
export type ShardDispatcher = (job: ShardJob) => Promise<ShardReport | null>;

// In AWS the stacks name the shard publisher Lambda; without it (a Lambda not given the right), this process publishes every shard.
const shardFunction = env('PUBLISH_SHARD_FUNCTION');
let dispatcher: ShardDispatcher | undefined = shardFunction ? invokeShardPublisher(shardFunction) : undefined;

/**
 * Where the shards of a multi-shard topic go (the local cloud's worker pool, the AWS invoker); undefined:
 * this process. With `only`, the dispatcher is replaced only while it is still that one (a local cloud
 * that stops leaves another's pool in place).
 */
export function useShardDispatcher(next: ShardDispatcher | undefined, only?: ShardDispatcher): void {
  if (only === undefined || dispatcher === only) dispatcher = next;
}

const isGone = (error: unknown) => error instanceof GoneException || (error as Error).name === 'GoneException';

/** Sends one message to one connection; returns false when the connection is gone (and removes it). */
export async function postToConnection(connectionId: string, message: ServerMessage): Promise<boolean> {
  try {
    await management().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (isGone(error)) {
      await removeConnection(connectionId);
      return false;
    }
    throw error;
  }
}

/** What became of one post: delivered, the connection is gone, or an error (reported as failed). */
export type PostOutcome = 'delivered' | 'gone' | { error: string };

/**
 * How a shard publisher reaches its connections, a page of them at a time: API Gateway's management API
 * through the SDK (AWS, and the local cloud's own thread), or the local WebSocket gateway directly (the
 * local cloud's publish pool, `platform/local/publish-pool.ts`).
 */
export type ConnectionPoster = (connectionIds: string[], payload: string) => Promise<PostOutcome[]>;

/** PostToConnection for each id, PUBLISH_CONCURRENCY in flight, the data encoded once. */
const managementPoster: ConnectionPoster = async (connectionIds, payload) => {
  const data = Buffer.from(payload);
  return eachLimited(connectionIds, PUBLISH_CONCURRENCY, async (connectionId): Promise<PostOutcome> => {
    try {
      await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return 'delivered';
    } catch (error) {
      return isGone(error) ? 'gone' : { error: (error as Error).message ?? String(error) };
    }
  });
};

let poster: ConnectionPoster = managementPoster;

/**
 * Where this process's shard publishers post (undefined: the management API). With `only`, the poster
 * is replaced only while it is still that one (a local cloud that stops leaves another's in place).
 */
export function useConnectionPoster(next: ConnectionPoster | undefined, only?: ConnectionPoster): void {
  if (only === undefined || poster === only) poster = next ?? managementPoster;
}

/** Gone connections are deleted with their subscriptions, a few at a time. */
const REMOVE_CONCURRENCY = 8;

/**
 * Publishes a checked message to the subscribers of one shard of a topic (the shard publisher's work):
 * page by page of its GSI1 partition, the posts through the connection poster (this process's, unless
 * `via` names another); the gone connections deleted, the failed posts logged and counted.
 */
export async function publishShard(topic: string, shard: number, message: ServerMessage, via: ConnectionPoster = poster): Promise<ShardReport> {
  const started = performance.now();
  const report = { delivered: 0, gone: 0, failed: 0, durationMs: 0 };
  const payload = JSON.stringify(message);
  for await (const page of subscribersOfShard(topic, shard)) await postCounted(via, page, payload, report, { topic, shard });
  report.durationMs = performance.now() - started;
  recordShard(topic, report);
  return report;
}

/**
 * Posts one payload to some connections and adds the outcomes to `report`: the gone connections are
 * deleted (with their subscriptions), the failed posts logged with `context`.
 */
async function postCounted(via: ConnectionPoster, ids: string[], payload: string, report: ShardReport, context: { topic: string; shard?: number }) {
  const outcomes = await via(ids, payload);
  const gone: string[] = [];
  outcomes.forEach((outcome, i) => {
    if (outcome === 'delivered') report.delivered++;
    else if (outcome === 'gone') gone.push(ids[i]!);
    else {
      report.failed++;
      logger.warn('post to connection failed', { connectionId: ids[i], ...context, error: outcome.error });
    }
  });
  report.gone += gone.length;
  await eachLimited(gone, REMOVE_CONCURRENCY, (connectionId) =>
    removeConnection(connectionId).catch((e: unknown) => logger.warn('removing a gone connection failed', { connectionId, error: e as Error })),
  );
}

/** Runs `run` over `items`, `limit` at a time. */
async function eachLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * Publishes a message to every subscriber of a topic. A one-shard topic (a user's or a judge job's) is
 * published here; a wide topic's shards go to the dispatcher, all at once. The report adds up the
 * shards that answered; `dispatched` counts those handed off.
 */
export async function publish(topic: string, message: ServerMessage): Promise<PublishReport> {
  const checked = serverMessage.parse(message);
  const started = performance.now();
  const shards = shardsOf(topic);
  const jobs = shards.map((shard) => ({ topic, shard, message: checked }));
  const here = (job: ShardJob) => publishShard(job.topic, job.shard, job.message);
  const dispatch = dispatcher;
  const reports =
    shards.length === 1 || !dispatch
      ? await eachLimited(jobs, IN_PROCESS_SHARDS, here)
      : await Promise.all(
          // a shard the dispatcher could not take (an Invoke throttled, a worker gone) is published here
          jobs.map((job) =>
            dispatch(job).catch((error: unknown) => {
              logger.warn('shard dispatch failed, publishing it here', { topic, shard: job.shard, error: error as Error });
              return here(job);
            }),
          ),
        );
  const report: PublishReport = { delivered: 0, gone: 0, failed: 0, durationMs: 0, shards: shards.length, dispatched: 0 };
  for (const shard of reports) {
    if (!shard) {
      report.dispatched++;
      continue;
    }
    report.delivered += shard.delivered;
    report.gone += shard.gone;
    report.failed += shard.failed;
  }
  report.durationMs = performance.now() - started;
  recordPublish(topic, report);
  return report;
}

/** One topic's message of a `publishEach`. */
export interface TopicPush {
  topic: string;
  message: ServerMessage;
}

/** Topics of a `publishEach` posted to at once. */
export const EACH_CONCURRENCY = 64;

/**
 * Publishes a message to each of many topics at once (a message to every member of a group, each on
 * their `user:{id}` topic). The subscribers of rostered topics (`isRostered`) come from their rosters,
 * 100 topics a BatchGet, instead of one Query a topic; the others are published one by one through
 * `publish`. Gone connections are deleted, failed posts logged and counted, as `publishShard` does.
 */
export async function publishEach(pushes: TopicPush[]): Promise<ShardReport> {
  const started = performance.now();
  const report = { delivered: 0, gone: 0, failed: 0, durationMs: 0 };
  const checked = pushes.map((push) => ({ topic: push.topic, message: serverMessage.parse(push.message) }));
  const rostered = checked.filter((push) => isRostered(push.topic));
  const rosters = await rostersOf(rostered.map((push) => push.topic));
  const via = poster;
  await eachLimited(rostered, EACH_CONCURRENCY, async (push) => {
    const ids = rosters.get(push.topic);
    if (ids) await postCounted(via, ids, JSON.stringify(push.message), report, { topic: push.topic });
  });
  const others = checked.filter((push) => !isRostered(push.topic));
  for (const other of await eachLimited(others, EACH_CONCURRENCY, (push) => publish(push.topic, push.message))) {
    report.delivered += other.delivered;
    report.gone += other.gone;
    report.failed += other.failed;
  }
  report.durationMs = performance.now() - started;
  if (rostered.length) recordPublish(rostered[0]!.topic, { ...report, shards: 1, dispatched: 0 });
  return report;
}

/**
 * Closes the user's open WebSocket connections (all, or only those opened with one session's token):
 * after a logout or a password change nothing more is pushed to them.
 */
export async function closeUserConnections(userId: number, sid?: string): Promise<number> {
  const ids = await connectionsOfUser(userId, sid);
  await Promise.all(
    ids.map(async (connectionId) => {
      try {
        await management().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!isGone(error)) {
          logger.warn('closing a connection failed', { connectionId, error: error as Error });
        }
      }
      await removeConnection(connectionId);
    }),
  );
  return ids.length;
}
