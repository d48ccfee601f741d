/** Sharding of a topic's subscriptions: widths per kind, the shard of a connection, the keys. */
import { describe, expect, it } from 'vitest';
import { keys } from '../db/keys';
import { subscriptionItem } from './connections';
import { TOPIC_SHARDS, shardCountOf, shardOf, shardsOf } from './shards';

/** Connection ids shaped as API Gateway's (12 random bytes, base64, ending in '='). */
const connectionIds = (n: number) =>
  Array.from({ length: n }, (_, i) => Buffer.from(`conn-${i}-${(i * 2654435761) >>> 0}`).toString('base64').slice(0, 15) + '=');

describe('topic shards', () => {
  it('spreads a competition over 16 shards and keeps user and judge topics in one', () => {
    expect(shardCountOf('competition:7')).toBe(TOPIC_SHARDS.competition);
    expect(TOPIC_SHARDS.competition).toBe(16);
    expect(shardCountOf('user:3')).toBe(1);
    expect(shardCountOf('judge:abc')).toBe(1);
    expect(shardsOf('competition:7')).toEqual([...Array(16).keys()]);
    expect(shardsOf('user:3')).toEqual([0]);
  });

  it('gives a connection the same shard every time, within the width', () => {
    for (const id of connectionIds(200)) {
      const shard = shardOf('competition:7', id);
      expect(shard).toBe(shardOf('competition:7', id));
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(16);
      expect(shardOf('user:3', id)).toBe(0);
    }
  });

  it('spreads 5,000 connections evenly (every shard within 20 % of the mean)', () => {
    const sizes = new Array<number>(16).fill(0);
    for (const id of connectionIds(5000)) sizes[shardOf('competition:7', id)]!++;
    const mean = 5000 / 16;
    expect(Math.min(...sizes)).toBeGreaterThan(mean * 0.8);
    expect(Math.max(...sizes)).toBeLessThan(mean * 1.2);
  });

  it('keys a sharded subscription under TOPIC#{topic}#{shard} and a one-shard one as before sharding', () => {
    const id = 'Zm9vYmFyYmF6cXV4=';
    const shard = shardOf('competition:7', id);
    expect(subscriptionItem(id, 'competition:7', 100)).toEqual({
      pk: `CONN#${id}`,
      sk: 'SUB#competition:7',
      gsi1pk: `TOPIC#competition:7#${shard}`,
      gsi1sk: `CONN#${id}`,
      type: 'subscription',
      connectionId: id,
      topic: 'competition:7',
      shard,
      ttl: 100,
    });
    expect(subscriptionItem(id, 'user:3', 100)).toMatchObject({ pk: `CONN#${id}`, sk: 'SUB#user:3', gsi1pk: 'TOPIC#user:3', shard: 0 });
    // the item's own key does not depend on the shard: unsubscribe and $disconnect delete it by key
    expect(keys.subscription(id, 'competition:7')).toEqual({ pk: `CONN#${id}`, sk: 'SUB#competition:7' });
    expect(keys.topicSubscribers('competition:7', 3)).toBe('TOPIC#competition:7#3');
    expect(keys.topicSubscribers('competition:7')).toBe('TOPIC#competition:7');
  });
});
