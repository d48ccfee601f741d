/**
 * Single-table design of Lectio. This definition is the one source for the CDK data stack and for
 * the local cloud's CreateTable, so both always agree.
 *
 * Keys: every item has `pk`/`sk`; GSIs use `gsi1pk`/`gsi1sk` and `gsi2pk`/`gsi2sk` (sparse).
 * `ttl` (epoch seconds) expires connections, subscriptions, revoked tokens and rate-limit windows.
 *
 * Access patterns (item → keys):
 * | pattern                                   | key condition                                         |
 * |-------------------------------------------|-------------------------------------------------------|
 * | user by id                                | pk=USER#{id}, sk=PROFILE                              |
 * | user by e-mail (login, uniqueness)        | pk=EMAIL#{email}, sk=EMAIL → user_id                  |
 * | course permissions of a user              | pk=USER#{id}, sk begins_with PERM#                     |
 * | users holding a permission on a course    | GSI1 gsi1pk=COURSEPERM#{courseId}                     |
 * | messages of a user, newest first          | pk=USER#{id}, sk begins_with MSG# (desc)              |
 * | next id of a kind                         | pk=COUNTER, sk={kind} (atomic ADD)                    |
 * | category list                             | pk=CATALOGUE, sk begins_with CATEGORY#                |
 * | areas of a category                       | pk=CATEGORY#{id}, sk begins_with AREA#                |
 * | courses of an area                        | pk=AREA#{id}, sk begins_with COURSE#                  |
 * | course and its chapters/lessons/tasks     | pk=COURSE#{id}, sk META / CHAPTER#… / LESSON#… / TASK#… |
 * | tasks of a lesson (player, task list)     | GSI1 gsi1pk=LESSONTASKS#{lessonId}, gsi1sk=TASK#{id}   |
 * | a learner's progress on a task            | pk=USER#{id}, sk=TPROG#{courseId}#{taskId}            |
 * | a learner's progress in a course          | pk=USER#{id}, sk begins_with TPROG#{courseId}#        |
 * | students × tasks (teacher tables)         | BatchGet of USER#{s} / TPROG#{c}#{t} keys             |
 * | a learner's attempts at a task            | pk=USER#{id}, sk begins_with TATT#{taskId}#           |
 * | error reports of a course                 | pk=REPORTS#{courseId}, sk={iso time}#{user}#{task}    |
 * | activity log of a user                    | pk=ULOG#{userId}, sk={iso time}#{n} (TTL 180 days)    |
 * | object by id (area, course, task …)       | GSI2 gsi2pk={KIND}#{id}                               |
 * | a user's courses (dashboard)              | pk=USER#{id}, sk begins_with UCOURSE#                 |
 * | a user's competitions                     | pk=USER#{id}, sk begins_with UCOMP#                   |
 * | leaderboard page, all / country / group / both / course / area | pk=LB#ALL, LB#C#{c}, LB#G#{g}, LB#C#{c}#G#{g}, LB#CRS#{id}, LB#AREA#{id}; sk={999999999-xp}#{userId} |
 * | leaderboard partition size (pager)        | pk=LBCOUNT, sk={partition}                            |
 * | WebSocket connection                      | pk=CONN#{connectionId}, sk=META                       |
 * | subscriptions of a connection             | pk=CONN#{connectionId}, sk begins_with SUB#           |
 * | connections subscribed to a topic (fan-out)| GSI1 gsi1pk=TOPIC#{topic}                            |
 * | open connections of a user (logout closes) | GSI1 gsi1pk=USERCONN#{userId}, gsi1sk=CONN#{id} (META item) |
 * | registration confirmation token         | pk=CONFIRM#{email}, sk=TOKEN (hash, 24 h TTL)         |
 * | password reset code / one-time token      | pk=RESET#{email}, sk=CODE / TOKEN (hash, 15 min TTL)  |
 * | primary groups offered at registration    | pk=REGDATA, sk=GROUP#{id} (all: begins_with GROUP#)   |
 * | revoked session (logout, used refresh)    | pk=REVOKED#{sid}, sk=TOKEN (TTL: refresh expiry)      |
 * | rate-limit window                         | pk=RATE#{scope}#{key}, sk={window}                    |
 * | test definitions of a kind                | pk=TESTDEF, sk begins_with PSYCHO# / PERSON#          |
 * | items of a personalisation test, per lang | pk=TESTDEF, sk=ITEMS#PERSON#{test}#{lang}             |
 * | a user's attempt count per test           | pk=USER#{id}, sk begins_with TSTAT#{KIND}#            |
 * | a user's attempts of a test, newest first | pk=USER#{id}, sk begins_with TANS#{KIND}#{test}# (desc, limit 20) |
 * | consented finished answers (research)     | GSI1 gsi1pk=TRESEARCH#{KIND}#{test} (sparse)          |
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';

/** The CreateTable input used by the local cloud and by integration tests. */
export function createTableInput(tableName: string) {
  const attrs = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const gsi of tableDefinition.globalSecondaryIndexes) {
    attrs.add(gsi.partitionKey);
    attrs.add(gsi.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
  };
}
