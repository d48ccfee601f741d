/**
 * DynamoDB stream consumer (the event-source mapping's target): turns item changes into domain
 * events and pushes them to the subscribed browsers. Failed records are reported individually.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { topics, type DomainEvent } from '@lectio/events';
import { logger } from '../http/logger';
import { publish } from '../ws/publish';

type Image = Record<string, unknown>;
const image = (raw: unknown): Image | undefined =>
  raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;

/** Pure projection of one change to the domain events it means. */
export function eventsOf(record: DynamoDBRecord): DomainEvent[] {
  const after = image(record.dynamodb?.NewImage);
  const before = image(record.dynamodb?.OldImage);
  if (!after) return [];
  if (record.eventName === 'INSERT' && after.type === 'message') {
    return [
      {
        detailType: 'MessageCreated',
        detail: {
          userId: Number(after.user_id),
          messageId: Number(after.message_id),
          title: String(after.title ?? ''),
          messageType: Number(after.message_type ?? 1),
          date: String(after.date ?? ''),
        },
      },
    ];
  }
  if (record.eventName === 'MODIFY' && after.type === 'user' && before) {
    if (before.xp !== after.xp || before.coins !== after.coins) {
      return [
        { detailType: 'PerformanceChanged', detail: { userId: Number(after.user_id), xp: Number(after.xp), coins: Number(after.coins) } },
      ];
    }
  }
  return [];
}

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

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      for (const domainEvent of eventsOf(record)) await deliver(domainEvent);
    } catch (error) {
      logger.error('stream record failed', { error: error as Error, eventId: record.eventID });
      if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
    }
  }
  return { batchItemFailures };
};
