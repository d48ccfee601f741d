/** The items a send writes: one a group (a group named twice gets one), expiring a week after the finish day. */
import { describe, expect, it } from 'vitest';
import { groupMessageItems } from './group-messages';

describe('groupMessageItems', () => {
  it('writes one item per group with the send instant, the finish instant and a TTL a week later', () => {
    // Prepare
    const now = Date.UTC(2026, 10, 24, 10, 0, 0);
    const finishAt = Date.UTC(2026, 10, 24, 23, 59, 59, 999);

    // Act
    const items = groupMessageItems([7, 8, 7], { id: 105, type: 3, title: 'Field trip' }, { now, finishAt, date: '2026-11-24 10:00:00' });

    // Assess
    expect(items.map((i) => i.group_id)).toEqual([7, 8]);
    expect(items[0]).toMatchObject({
      pk: 'GROUPMSG#7',
      sk: 'MSG#0000000105',
      type: 'group-message',
      message_id: 105,
      message_type: 3,
      title: 'Field trip',
      date: '2026-11-24 10:00:00',
      finish_at: finishAt,
      sent_at: now,
      ttl: Math.floor(finishAt / 1000) + 7 * 86_400,
    });
  });
});
