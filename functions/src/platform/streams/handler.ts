/**
 * DynamoDB stream consumer (the event-source mapping's target). Each domain contributes a stream
 * projection (its read models and the domain events an item change means); the events are pushed
 * to the subscribed browsers. A batch is projected as a whole, so projections may coalesce its
 * changes (see `StreamProjection.projectBatch`).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { topics, type DomainEvent } from '@lectio/events';
import { logger } from '../http/logger';
import { publish } from '../ws/publish';
import { changeOf, type ItemChange, type StreamProjection } from './projection';
import { accountsStream } from '../../accounts/stream';
import { catalogueStream } from '../../catalogue/stream';
import { messagesStream } from '../../messages/stream';
import { judgeStream } from '../../judge/stream';
import { playerStream } from '../../player/stream';

/** Every domain's stream projection, run in this order for each record. */
export const projections: StreamProjection[] = [catalogueStream, playerStream, judgeStream, messagesStream, accountsStream];

/** Pure projection of one change to the domain events it means. */
export const eventsOf = (record: DynamoDBRecord): DomainEvent[] => {
  const change = changeOf(record);
  return change.after ? projections.flatMap((p) => p.events?.(change) ?? []) : [];
};

export async function deliver(event: DomainEvent): Promise<void> {
  switch (event.detailType) {
    case 'MessageCreated': {
      const topic = topics.user(event.detail.userId);
      await publish(topic, {
        type: 'message.new',
        topic,
        message: {
          message_id: event.detail.messageId,
          title: event.detail.title,
          message_type: event.detail.messageType,
          date: event.detail.date,
        },
      });
      return;
    }
    case 'PerformanceChanged': {
      const topic = topics.user(event.detail.userId);
      await publish(topic, { type: 'performance.changed', topic, xp: event.detail.xp, coins: event.detail.coins });
      return;
    }
    case 'UserLoggedOut':
      return;
  }
}

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
 * Runs every projection over the batch, then pushes the events. Projections converge when a batch is
 * given again, so a failure reports the batch's first record: the event source mapping retries the
 * whole batch from there (and bisects it when it keeps failing).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const records = event.Records ?? [];
  const changes = records.map(changeOf);
  for (const projection of projections) {
    try {
      await project(projection, changes);
    } catch (error) {
      logger.error('stream projection failed', { error: error as Error, projection: projection.name, records: records.length });
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
