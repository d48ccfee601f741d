/**
 * DynamoDB stream consumer (the event-source mapping's target). Each domain contributes a stream
 * projection (its read models and the domain events an item change means); the events are pushed
 * to the subscribed browsers. Powertools' batch processor reports failed records individually
 * (partial batch response), in order, so one bad record does not replay the whole batch.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { topics, type DomainEvent } from '@lectio/events';
import { logger } from '../http/logger';
import { publish } from '../ws/publish';
import { changeOf, type StreamProjection } from './projection';
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

async function processRecord(record: DynamoDBRecord): Promise<void> {
  const change = changeOf(record);
  for (const projection of projections) {
    try {
      await projection.project?.(change);
    } catch (error) {
      logger.error('stream projection failed', { error: error as Error, projection: projection.name, eventId: record.eventID });
      throw error;
    }
  }
  for (const domainEvent of eventsOf(record)) await deliver(domainEvent);
}

const processor = new BatchProcessor(EventType.DynamoDBStreams);

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processPartialResponse(event, processRecord, processor, { processInParallel: false, throwOnFullBatchFailure: false });
