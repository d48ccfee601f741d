/**
 * Key builders of the platform's items (counters, WebSocket connections, revoked tokens, rate
 * windows, course permission grants, the by-id index). Each domain spells its own keys in
 * `<domain>/keys.ts`; schema.ts lists every access pattern.
 */

/** Zero-padded ids keep sort keys in numeric order. */
export const pad = (id: number, width = 8) => String(id).padStart(width, '0');

export const keys = {
  counter: (kind: string) => ({ pk: 'COUNTER', sk: kind }),
  connection: (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'META' }),
  /** The connection's partition (its META and subscriptions). */
  connectionPartition: (connectionId: string) => `CONN#${connectionId}`,
  /** GSI2 hour bucket of a connection's expiry, so the sweep finds expired connections by Query. */
  connectionExpiryBucket: (epochSeconds: number) => `CONNEXP#${Math.floor(epochSeconds / 3600)}`,
  connectionExpiryIndex: (ttl: number, connectionId: string) => ({ gsi2pk: `CONNEXP#${Math.floor(ttl / 3600)}`, gsi2sk: connectionId }),
  subscription: (connectionId: string, topic: string) => ({ pk: `CONN#${connectionId}`, sk: `SUB#${topic}` }),
  /** GSI1 entry of a subscription, in its topic's shard (`shard` null: a one-shard topic, as before sharding). */
  topicIndex: (topic: string, shard: number | null, connectionId: string) => ({
    gsi1pk: shard === null ? `TOPIC#${topic}` : `TOPIC#${topic}#${shard}`,
    gsi1sk: `CONN#${connectionId}`,
  }),
  /** GSI1 entry of a connection under its user (logout and password changes close them). */
  userConnectionIndex: (userId: number, connectionId: string) => ({ gsi1pk: `USERCONN#${userId}`, gsi1sk: `CONN#${connectionId}` }),
  /** GSI1 partition of a user's open connections. */
  userConnections: (userId: number) => `USERCONN#${userId}`,
  /** GSI1 partition of the connections subscribed to a topic, or to one shard of it (ws/shards.ts). */
  topicSubscribers: (topic: string, shard: number | null = null) => (shard === null ? `TOPIC#${topic}` : `TOPIC#${topic}#${shard}`),
  /** The roster of a one-shard topic: its subscribed connection ids as one set (ws/connections.ts), read 100 topics a BatchGet. */
  topicRoster: (topic: string) => ({ pk: `ROSTER#${topic}`, sk: 'CONNS' }),
  /** A revoked session (logout, a used refresh token): its access and refresh token stop working. */
  revokedToken: (sid: string) => ({ pk: `REVOKED#${sid}`, sk: 'TOKEN' }),
  /** A user's profile item (owned by accounts; the tokens read the role and the revocation instant from it). */
  userProfile: (userId: number) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** A course's META item (owned by the catalogue; a grant checks that the course exists). */
  courseMeta: (courseId: number) => ({ pk: `COURSE#${courseId}`, sk: 'META' }),
  rateWindow: (scope: string, key: string, window: number) => ({ pk: `RATE#${scope}#${key}`, sk: String(window) }),
  /** A course-level permission grant of a user (role code and sub-object in `roleCode`). */
  permission: (userId: number, courseId: number, roleCode: string, langId: number) => ({
    pk: `USER#${userId}`,
    sk: `PERM#${courseId}#${roleCode}#${langId}`,
  }),
  /** All of a user's course grants. */
  permissionsOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'PERM#' }),
  /** A user's grants on one course. */
  permissionsOnCourse: (userId: number, courseId: number) => ({ pk: `USER#${userId}`, prefix: `PERM#${courseId}#` }),
  /** GSI1: the users holding a permission on a course. */
  coursePermissionIndex: (courseId: number, userId: number, grant: string) => ({ gsi1pk: `COURSEPERM#${courseId}`, gsi1sk: `USER#${userId}#${grant}` }),
  /** GSI2: an object by kind and id (area, course, chapter, lesson, task; not users). */
  byId: (kind: string, id: number) => ({ gsi2pk: `${kind}#${id}`, gsi2sk: kind }),
  /** GSI2 partition of an object by kind and id (one item). */
  byIdPartition: (kind: string, id: number) => `${kind}#${id}`,
  seedMarker: () => ({ pk: 'SYSTEM', sk: 'SEED' }),
  /** A one-time job (a domain's action due at an instant): one item per kind and id. */
  oneTimeJob: (kind: string, id: string) => ({ pk: `JOB#${kind}#${id}`, sk: 'AT' }),
  /** GSI2 entry of a one-time job in the due order (the local scheduler and the sweep find due jobs). */
  oneTimeJobDue: (dueAt: number, kind: string, id: string) => ({ gsi2pk: 'JOBDUE', gsi2sk: `${pad(dueAt, 15)}#${kind}#${id}` }),
  /** GSI2 partition of the one-time jobs, in due order; the sort key up to an instant. */
  oneTimeJobsDueBy: (instant: number) => ({ gsi2pk: 'JOBDUE', upTo: `${pad(instant, 15)}#~` }),
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);
