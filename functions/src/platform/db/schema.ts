/**
 * Single-table design of Lectio. This definition is the one source for the CDK data stack and for
 * the local cloud's CreateTable, so both always agree.
 *
 * Keys: every item has `pk`/`sk`; GSIs use `gsi1pk`/`gsi1sk` and `gsi2pk`/`gsi2sk` (sparse).
 * `ttl` (epoch seconds) expires connections, subscriptions, revoked tokens and rate-limit windows.
 *
 * Access patterns (item → keys). The keys are spelled only in the key modules named in the last
 * column; domain code reads and writes through its store functions and platform/db/operations.ts.
 * | pattern                                    | key condition                                          | keys in            |
 * |--------------------------------------------|--------------------------------------------------------|--------------------|
 * | user by id                                 | pk=USER#{id}, sk=PROFILE                               | accounts/keys      |
 * | user by e-mail (login, uniqueness)         | pk=EMAIL#{email}, sk=EMAIL → user_id                   | accounts/keys      |
 * | profile + started courses (dashboard)      | pk=USER#{id}, sk >= PROFILE (PROFILE, UCOURSE#…)       | accounts, catalogue|
 * | registration confirmation token            | pk=CONFIRM#{email}, sk=TOKEN (hash, 24 h TTL)          | accounts/keys      |
 * | password reset code / one-time token       | pk=RESET#{email}, sk=CODE / TOKEN (hash, 15 min TTL)   | accounts/keys      |
 * | primary groups offered at registration     | pk=REGDATA, sk=GROUP#{id} (all: begins_with GROUP#)    | accounts/keys      |
 * | a learner's code versions of a notebook cell | pk=USER#{id}, sk begins_with XREAD#{task}#{component}#{index}# (one item a version) | notebook/keys |
 * | a learner's code versions of a notebook component (newest per cell) | pk=USER#{id}, sk begins_with XREAD#{task}#{component}# | notebook/keys |
 * | a running kernel's owner (proxy checks, admin list) | pk=KERNEL#{kernelId}, sk=OWNER (user_id, started, last_use; 2-day TTL) | kernels/keys |
 * | messages of a user, newest first           | pk=USER#{id}, sk begins_with MSG# (desc)               | messages/keys      |
 * | an admin's messages (list rows), newest first | pk=MSGDEFS, sk begins_with MSGDEF# (desc, limit 500)  | messages/keys      |
 * | a message's entries, one a language        | pk=MSGDEF#{id}, sk=LANG#{languageId}                   | messages/keys      |
 * | messages sent to a group, newest first     | pk=GROUPMSG#{groupId}, sk begins_with MSG# (desc, limit 100) | messages/keys |
 * | a member's read/deleted marks on group messages | pk=USER#{id}, sk begins_with MSGSTATE# (desc, limit 300) | messages/keys |
 * | category list                              | pk=CATALOGUE, sk begins_with CATEGORY#                 | catalogue/keys     |
 * | category counts (projection of its areas' courses) | pk=CATALOGUE, sk=CATEGORY#{id}: areas/courses/lessons/codes_count | catalogue/category-counts |
 * | leaderboard filter lists (projection)      | pk=CATALOGUE, sk=LEADERFILTERS                         | catalogue/keys     |
 * | areas of a category                        | pk=CATEGORY#{id}, sk begins_with AREA#                 | catalogue/keys     |
 * | courses of an area (listing items)         | pk=AREA#{id}, sk begins_with COURSE#                   | catalogue/keys     |
 * | course and its chapters/lessons/tasks      | pk=COURSE#{id}, sk META / CHAPTER#… / LESSON#… / TASK#… | catalogue/keys    |
 * | a user's courses                           | pk=USER#{id}, sk begins_with UCOURSE#                  | catalogue/keys     |
 * | users who started a course                 | GSI1 gsi1pk=COURSEUSERS#{courseId}, gsi1sk=USER#{id}   | catalogue/keys     |
 * | leaderboard page, all / country / group / both / course / area | pk=LB#ALL, LB#C#{c}, LB#G#{g}, LB#C#{c}#G#{g}, LB#CRS#{id}, LB#AREA#{id}; sk={999999999-xp}#{userId} | catalogue/keys |
 * | leaderboard partition size (pager)         | pk=LBCOUNT, sk={partition}                             | catalogue/keys     |
 * | a user's competitions                      | pk=USER#{id}, sk begins_with UCOMP#                    | competitions/keys  |
 * | users who joined a competition             | GSI1 gsi1pk=COMPUSERS#{compId}, gsi1sk=USER#{id}       | competitions/keys  |
 * | a user competition (attempt) by its id      | GSI2 gsi2pk=UCOMP#{userCompId}, gsi2sk=UCOMP           | competitions/keys  |
 * | a course's revisions                        | pk=REVISIONS#{courseId}, sk begins_with REV#           | revisions/model    |
 * | a user's revision attempt                  | pk=USER#{id}, sk=UREV#{revId}                          | revisions/model    |
 * | questionnaires (admin list)                | pk=QUESTIONNAIRES, sk begins_with QN#                  | questionnaires/model |
 * | elements of a questionnaire (editor, answering) | pk=QUESTIONNAIRE#{qid}, sk begins_with EL#         | questionnaires/model |
 * | a questionnaire element by id (order, page, delete) | GSI2 gsi2pk=QEL#{id}, gsi2sk=QEL               | questionnaires/model |
 * | questionnaires sent to a group / a course  | pk=QSEND#G#{groupId} / QSEND#C#{courseId}, sk begins_with QN# | questionnaires/model |
 * | a user's questionnaire (status, score, answers map) | pk=USER#{id}, sk=UQN#{qid}                     | questionnaires/model |
 * | a user's questionnaire by its u_id         | GSI2 gsi2pk=UQN#{uid}, gsi2sk=UQN                      | questionnaires/model |
 * | a competition closed early by a teacher    | pk=COMP#{compId}, sk=CLOSED                            | competitions/keys  |
 * | an attempt's close at its deadline / a competition's end at its window's end | one-time jobs competition-close#{userId}-{compId}, competition-end#{compId} | competitions/close |
 * | a group                                    | pk=GROUP#{id}, sk=META (group_type 0 private / 1 public, keys, owner_id) | groups/keys |
 * | groups to join, newest first (Groups page) | GSI2 gsi2pk=GROUPLIST, gsi2sk={id:10} (desc, limit)    | groups/keys        |
 * | a user's relations to groups (all roles)   | pk=USER#{id}, sk begins_with GREL# (GREL#{role}#{groupId}; role owner/teacher/member, by_key, archived) | groups/keys |
 * | users of a group (one role: prefix)        | GSI1 gsi1pk=GROUPUSERS#{groupId}, gsi1sk={role}#{userId} | groups/keys      |
 * | groups linked to a course                  | pk=COURSEGROUPS#{courseId}, sk begins_with GROUP#      | groups/keys        |
 * | courses a group is linked to (reverse, same transaction) | pk=GROUP#{groupId}, sk begins_with COURSE# | groups/keys      |
 * | course permissions of a user               | pk=USER#{id}, sk begins_with PERM#{courseId}#          | platform/db/keys   |
 * | users holding a permission on a course     | GSI1 gsi1pk=COURSEPERM#{courseId}                      | platform/db/keys   |
 * | object by id (area, course, chapter, lesson, task)       | GSI2 gsi2pk={KIND}#{id}, gsi2sk={KIND}   | platform/db/keys   |
 * | next id of a kind                          | pk=COUNTER, sk={kind} (atomic ADD)                     | platform/db/keys   |
 * | WebSocket connection                       | pk=CONN#{connectionId}, sk=META                        | platform/db/keys   |
 * | connections expiring in an hour (sweep)   | GSI2 gsi2pk=CONNEXP#{epochHour}, gsi2sk={connectionId} | platform/db/keys   |
 * | one-time job (due at an instant)           | pk=JOB#{kind}#{id}, sk=AT                              | platform/db/keys   |
 * | one-time jobs due by an instant            | GSI2 gsi2pk=JOBDUE, gsi2sk <= {dueAt:15}#~             | platform/db/keys   |
 * | subscriptions of a connection              | pk=CONN#{connectionId}, sk begins_with SUB#            | platform/db/keys   |
 * | connections subscribed to a topic shard (fan-out, one publisher a shard) | GSI1 gsi1pk=TOPIC#{topic}#{shard} (shard = FNV-1a(connectionId) mod the kind's width, ws/shards.ts); one-shard kinds (user, judge): gsi1pk=TOPIC#{topic} | platform/db/keys |
 * | the subscribed connections of many user topics at once (a message to a group's members) | pk=ROSTER#{topic}, sk=CONNS (a string set; BatchGet 100 topics) | platform/db/keys |
 * | open connections of a user (logout closes) | GSI1 gsi1pk=USERCONN#{userId}, gsi1sk=CONN#{id} (META) | platform/db/keys   |
 * | revoked session (logout, used refresh)     | pk=REVOKED#{sid}, sk=TOKEN (TTL: refresh expiry)       | platform/db/keys   |
 * | rate-limit window                          | pk=RATE#{scope}#{key}, sk={window}                     | platform/db/keys   |
 * | seed marker                                | pk=SYSTEM, sk=SEED                                     | platform/db/keys   |
 * | tasks of a lesson (player, task list)      | GSI1 gsi1pk=LESSONTASKS#{lessonId}, gsi1sk=TASK#{id}   | catalogue/keys     |
 * | a learner's progress on a task             | pk=USER#{id}, sk=TPROG#{courseId}#{taskId}             | player/keys        |
 * | a learner's progress in a course           | pk=USER#{id}, sk begins_with TPROG#{courseId}#         | player/keys        |
 * | students × tasks (teacher tables)          | BatchGet of USER#{s} / TPROG#{c}#{t} keys              | player/keys        |
 * | courses on a user's teacher dashboard     | pk=USER#{id}, sk begins_with TCOURSE# (TCOURSE#{courseId}) | teaching/keys  |
 * | a learner's lesson summary (projection of TPROG: task id → best score s, passed p, attempts a, kind g) | pk=USER#{id}, sk=LPROG#{courseId}#{lessonId} | teaching/keys |
 * | a lesson's task columns (projection of its tasks: task id → type t, order o, max score m) | pk=TLESSON#{lessonId}, sk=TASKHEADERS | teaching/keys |
 * | students × tasks of a lesson (tasks table) | BatchGet of USER#{s} / LPROG#{c}#{l}: one key per student, + TASKHEADERS (bench: 30 × 100 tasks 21.5-36.5 RU) | teaching/keys |
 * | students × chapters / lessons (tables)     | BatchGet of USER#{s} / UCOURSE#{c}: the player's chapters and lessons aggregates | catalogue/keys |
 * | a learner's attempts at a task             | pk=USER#{id}, sk begins_with TATT#{taskId}#            | player/keys        |
 * | a learner's essay/GenAI attempts at a task (16, 17), newest first | pk=USER#{id}, sk begins_with ESSAY#{taskId}# (desc, limit 100) | player/keys |
 * | an essay/GenAI attempt by its id (the teacher's review) | GSI2 gsi2pk=EATT#{attemptId}, gsi2sk=EATT | player/keys |
 * | a learner's essay state on a task (last saved answer, lock of a teacher comment) | pk=USER#{id}, sk=ESSAYST#{taskId} | player/keys |
 * | error reports of a course                  | pk=REPORTS#{courseId}, sk={iso time}#{user}#{task}     | player/keys        |
 * | a learner's error reports on a task        | pk=USER#{id}, sk begins_with EREP#{taskId}# (desc, limit 50) | player/keys  |
 * | activity log of a user (newest first: desc) | pk=ULOG#{userId}, sk={iso time}#{n} (TTL ACTIVITY_RETENTION_DAYS, default 365) | activity/keys |
 * | activity of all users, newest first (admin table) | GSI1 gsi1pk=ACTLOG#{n mod 4}, gsi1sk={iso time}#{userId}#{n}: one Query a shard (≤ 21 items, ≤ 100 with an action filter), merged | activity/keys |
 * | a judge job by its ticket                  | pk=JUDGE#{ticket}, sk=JOB (TTL one day)                | judge/keys         |
 * | terminal channel of a judge job (runner)  | pk=JUDGEIO#{ticket}, sk IN / I#n / I#STOP / O#n / END  | judge/keys         |
 * | a learner's saved files of a program task  | pk=USER#{id}, sk=CODE#{taskId}                         | judge/keys         |
 * | a learner's graded solutions of a task     | pk=USER#{id}, sk begins_with SOL#{taskId}# (desc, limit 20) | judge/keys    |
 * | test definitions of a kind                 | pk=TESTDEF, sk begins_with PSYCHO# / PERSON#           | tests/keys         |
 * | items of a personalisation test, per lang  | pk=TESTDEF, sk=ITEMS#PERSON#{test}#{lang}              | tests/keys         |
 * | a user's attempt count per test            | pk=USER#{id}, sk begins_with TSTAT#{KIND}#             | tests/keys         |
 * | a user's attempts of a test, newest first  | pk=USER#{id}, sk begins_with TANS#{KIND}#{test}# (desc, limit 20) | tests/keys |
 * | consented finished answers (research)      | GSI1 gsi1pk=TRESEARCH#{KIND}#{test} (sparse)           | tests/keys         |
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
