import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { eventsOf } from './stream';

const record = (eventName: 'INSERT' | 'MODIFY', next: object, prev?: object) =>
  ({
    eventName,
    dynamodb: { NewImage: marshall(next) as never, OldImage: prev ? (marshall(prev) as never) : undefined, SequenceNumber: '1' },
  }) as DynamoDBRecord;

describe('stream projection', () => {
  it('turns a new message item into MessageCreated', () => {
    expect(eventsOf(record('INSERT', { type: 'message', user_id: 3, message_id: 9, title: 'Hi', message_type: 2, date: 'd' }))).toEqual([
      { detailType: 'MessageCreated', detail: { userId: 3, messageId: 9, title: 'Hi', messageType: 2, date: 'd' } },
    ]);
  });

  it('reports performance only when xp or coins changed', () => {
    const before = { type: 'user', user_id: 3, xp: 10, coins: 1, lang_id: 1 };
    expect(eventsOf(record('MODIFY', { ...before, lang_id: 2 }, before))).toEqual([]);
    expect(eventsOf(record('MODIFY', { ...before, xp: 20 }, before))).toEqual([
      { detailType: 'PerformanceChanged', detail: { userId: 3, xp: 20, coins: 1 } },
    ]);
  });

  it('ignores unrelated items', () => {
    expect(eventsOf(record('INSERT', { type: 'course', course_id: 1 }))).toEqual([]);
  });
});
