/** The items a send writes: one a recipient (a member of two groups gets one), read flag off, expiring a week after the finish day. */
import { describe, expect, it } from 'vitest';
import { recipientItems } from './admin';

describe('recipientItems', () => {
  it('writes one reference item per member, unread, marked live, with the finish instant and a TTL a week later', () => {
    // Prepare
    const now = Date.UTC(2026, 10, 24, 10, 0, 0);
    const finishAt = Date.UTC(2026, 10, 24, 23, 59, 59, 999);

    // Act
    const items = recipientItems([7, 8, 7], { id: 105, type: 3, title: 'Field trip' }, { now, finishAt });

    // Assess
    expect(items.map((i) => i.user_id)).toEqual([7, 8]);
    expect(items[0]).toMatchObject({
      pk: 'USER#7',
      sk: 'MSG#0000000105',
      type: 'message',
      message_id: 105,
      message_type: 3,
      title: 'Field trip',
      description: '',
      passed: 0,
      ref: 1,
      live: 1,
      date: '2026-11-24 10:00:00',
      finish_at: finishAt,
      sent_at: now,
      ttl: Math.floor(finishAt / 1000) + 7 * 86_400,
    });
  });
});
