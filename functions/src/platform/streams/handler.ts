/**
 * DynamoDB stream consumer (the event-source mapping's target; a factory over the domains, the entry
 * is `app/stream.ts`). Each domain contributes a stream projection (its read models and the domain
 * events an item change means) and the pushes its events mean; the pushes go to the subscribed
 * browsers through the one `publish` path. A batch is projected as a whole, so projections may coalesce its
 * changes (see `StreamProjection.projectBatch`).
 */
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { DomainEvent } from '@lectio/events';
import type { DomainRealtime, EventPushes, Push } from '../domain';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../http/logger';
import { metrics } from '../http/metrics';
import { publish } from '../ws/publish';
import { changeOf, type ItemChange, type StreamProjection } from './projection';
import { tracingMiddleware } from '../tracing';

/**
 * Of the batch's events, those worth pushing: a learner's performance only as it stands at the end of
 * the batch (one push per learner, not one per evaluation); every other event as it is.
 */
export function latestEvents(events: DomainEvent[]): DomainEvent[] {
  const lastPerformance = new Map<number, number>();
  events.forEach((e, i) => e.detailType === 'PerformanceChanged' && lastPerformance.set(e.detail.userId, i));
  return events.filter((e, i) => e.detailType !== 'PerformanceChanged' || lastPerformance.get(e.detail.userId) === i);
}

async function project(projection: StreamProjection, changes: ItemChange[]) {
  if (projection.projectBatch) return projection.projectBatch(changes);
  for (const change of changes) await projection.project?.(change);
}

/**
 * Stream lag: how long ago the batch's oldest change was written (its ApproximateCreationDateTime,
 * whole seconds), so an operator sees pushes falling behind before the iterator age alarm fires.
 */
function recordStreamLag(records: DynamoDBRecord[]) {
  const created = records.map((r) => r.dynamodb?.ApproximateCreationDateTime).filter((t): t is number => typeof t === 'number');
  if (!created.length) return;
  const single = metrics.singleMetric();
  single.addMetric('StreamLag', MetricUnit.Milliseconds, Math.max(0, Date.now() - Math.min(...created) * 1000));
}

/** The pushes an event means, from the domain that maps its type. */
const pushesOf = (pushes: EventPushes[], event: DomainEvent): Push[] =>
  pushes.flatMap((p) => (p[event.detailType] as ((e: DomainEvent) => Push[]) | undefined)?.(event) ?? []);

/** The stream consumer over the domains' projections (run in the domains' order) and pushes. */
export function createStreamHandler(domains: DomainRealtime[]) {
  /** Every domain's stream projection; a test or bench may add one for a while. */
  const projections: StreamProjection[] = domains.flatMap((d) => d.streams ?? []);
  const pushes = domains.flatMap((d) => (d.pushes ? [d.pushes] : []));

  /** Pure projection of one change to the domain events it means. */
  const eventsOf = (record: DynamoDBRecord): DomainEvent[] => {
    const change = changeOf(record);
    return change.after ? projections.flatMap((p) => p.events?.(change) ?? []) : [];
  };

  /** Pushes an event to the topics it concerns, through the one `publish` path. */
  async function deliver(event: DomainEvent): Promise<void> {
    for (const { topic, message } of pushesOf(pushes, event)) await publish(topic, message);
  }

  /**
   * Runs every projection over the batch, then pushes the events. Projections converge when a batch is
   * given again, so a failure reports the batch's first record: the event source mapping retries the
   * whole batch from there (and bisects it when it keeps failing).
   */
  async function consume(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    const records = event.Records ?? [];
    recordStreamLag(records);
    const changes = records.map(changeOf);
    for (const projection of projections) {
      try {
        await project(projection, changes);
      } catch (error) {
        logger.error('stream projection failed', { error: error as Error, projection: projection.name });
        return { batchItemFailures: records.length ? [{ itemIdentifier: records[0]!.dynamodb?.SequenceNumber ?? '' }] : [] };
      }
    }
    const events = latestEvents(records.flatMap(eventsOf));
    for (const domainEvent of events) {
      try {
        await deliver(domainEvent);
      } catch (error) {
        // A push is best effort (the next change pushes again); it never holds back the projections.
        logger.warn('stream event push failed', { error: error as Error, detailType: domainEvent.detailType });
      }
    }
    return { batchItemFailures: [] };
  }

  /** As HTTP's: every log line of a batch carries the request id and the batch's size. */
  const observed = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(tracingMiddleware<DynamoDBStreamEvent, DynamoDBBatchResponse>())
    .use({
      before: async ({ event, context }) => {
        if (context?.awsRequestId) logger.addContext(context);
        logger.resetKeys();
        logger.appendKeys({ records: event.Records?.length ?? 0 });
      },
    })
    .handler(consume);
  // Tests and benches hand it a batch without a Lambda context.
  const handler = (event: DynamoDBStreamEvent, context?: unknown) => observed(event, (context ?? {}) as Context);

  return { handler, deliver, eventsOf, projections };
}
