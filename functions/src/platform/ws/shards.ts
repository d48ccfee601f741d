/**
 * Sharding of a topic's subscriptions (issue 19 part 4). The subscribers of a wide topic are spread over
 * a fixed number of GSI1 partitions (`TOPIC#{topic}#{shard}`), the shard chosen by a hash of the
 * connection id, so a competition's start writes to and reads from many partitions instead of one hot
 * one, and one publisher per shard can post in parallel.
 *
 * The width is a function of the topic alone (its kind), so every Lambda that subscribes or publishes
 * agrees on it without any registration. Narrow kinds (a user's own sockets, one judge job's watcher)
 * keep one partition, spelled as before sharding (`TOPIC#{topic}`), and are published inline.
 * Changing a kind's width moves its subscribers between partitions: raise it only together with a
 * publisher that also reads the old width for one connection lifetime (2 h 5 min, the subscription TTL).
 */
import { parseTopic, type Topic } from '@lectio/events';

type TopicKindName = ReturnType<typeof parseTopic>['kind'];

/**
 * Partitions per topic kind. 16 for a competition: 5,000 learners are ~310 per shard, one publisher
 * posts to them in about a quarter of a second at 32 concurrent posts, and a partition's 1,000 writes/s
 * take 16,000 subscribes a second at a competition's start.
 */
export const TOPIC_SHARDS: Record<TopicKindName, number> = { competition: 16, user: 1, judge: 1 };

/** How many partitions a topic's subscriptions are spread over. */
export function shardCountOf(topic: string): number {
  return TOPIC_SHARDS[parseTopic(topic as Topic).kind] ?? 1;
}

/** FNV-1a (32 bit) of a string: cheap, stable across processes, spreads API Gateway's ids evenly. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The shard a connection's subscription to a topic lives in. */
export function shardOf(topic: string, connectionId: string): number {
  const count = shardCountOf(topic);
  return count === 1 ? 0 : fnv1a(connectionId) % count;
}

/** Every shard number of a topic. */
export const shardsOf = (topic: string): number[] => Array.from({ length: shardCountOf(topic) }, (_, i) => i);

/**
 * Kinds whose topics also keep a roster (one item holding the set of subscribed connection ids), so a
 * publish to many of them at once (a message to each member of a group: `publishEach`) reads 100
 * topics a BatchGet instead of one Query a topic. Only one-shard kinds.
 */
const ROSTERED_KINDS: ReadonlySet<TopicKindName> = new Set<TopicKindName>(['user']);

export const isRostered = (topic: string): boolean => ROSTERED_KINDS.has(parseTopic(topic as Topic).kind) && shardCountOf(topic) === 1;
