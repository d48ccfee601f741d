/**
 * The demo seed's learners are written with their leaderboard entries and counters (issue 20, start-up
 * time) and the stream passes over their records: the board is what the stream projection keeps (every
 * ranked learner in each of its partitions once, each partition's counter equal to its entries), and
 * `StreamPoller.passOver` hands on everything but the writes of the items it passes over (once each), also
 * to a poller that resumes from the checkpoint.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
});
afterAll(() => cloud?.stop());

const modules = async () => ({
  ...(await import('../../functions/src/platform/db/client')),
  ...(await import('../../functions/src/catalogue/keys')),
  ...(await import('../../functions/src/catalogue/leaderboard')),
  ...(await import('../../functions/src/catalogue/store')),
  ...(await import('../../functions/src/accounts/users')),
});

async function queryAll(pk: string): Promise<Array<Record<string, unknown>>> {
  const { db, table } = await modules();
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

describe('demo learners', () => {
  it('are on the board once in each of their partitions, and the counters of their partitions match the entries', async () => {
    const { catalogueKeys, userPartitions, listUserCourses, findUserByEmail } = await modules();
    await cloud.drain();
    const { DEMO_CLASS_SIZE } = await import('../../functions/src/demo/class');
    const learners = Number(process.env.SEED_LEARNERS);
    const all = await queryAll(catalogueKeys.leaderboard(catalogueKeys.leaderboardPart.all));
    // the student, the demo learners and the demo class
    expect(all).toHaveLength(1 + learners + DEMO_CLASS_SIZE);

    const learnerIds = new Set<number>();
    for (let i = 1; i <= learners; i++) {
      const user = (await findUserByEmail(`learner${String(i).padStart(3, '0')}@example.com`))!;
      expect(user).toMatchObject({ confirmed: true, role_id: 1, nickname: `learner${String(i).padStart(3, '0')}` });
      learnerIds.add(user.user_id);
      const courses = await listUserCourses(user.user_id);
      expect(courses.length).toBeGreaterThan(0);
      const entry = all.find((e) => e.user_id === user.user_id)!;
      expect(entry).toMatchObject({ xp: user.xp, sk: catalogueKeys.leaderSortKey(user.xp, user.user_id) });
      expect(new Set(entry.parts as string[])).toEqual(new Set(userPartitions(user, courses)));
    }

    // Every partition: the demo learners' (written with their entries) and those the stream counts (the demo
    // class's course and the student's), where a course start projected after the user was projected with
    // that course once counted it twice.
    await expectCountersMatchEntries(all);
  });

  it('are written once: a plan written again changes no counter, and one stopped after a step of counters goes on from there', async () => {
    const { db, table, catalogueKeys } = await modules();
    const { planDemoLearners, writeDemoLearners, courseFacts } = await import('../../functions/src/demo/learners');
    const { listCourses } = await demoCourses();
    const marker = { pk: 'SYSTEM', sk: `SEED-TEST-${Date.now()}` };
    // 40 learners spread over more partitions than one step of counters holds
    const plan = (await planDemoLearners(40, await courseFacts(listCourses)))!;
    await db.send(new PutCommand({ TableName: table(), Item: { ...marker, learnerPlan: { ...plan, countersApplied: 1 } } }));
    const counts = async () => {
      const all = await queryAll(catalogueKeys.leaderboard(catalogueKeys.leaderboardPart.all));
      return { all, ranked: Number((await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.leaderboardCount(catalogueKeys.leaderboardPart.all), ConsistentRead: true }))).Item?.count) };
    };
    const before = await counts();
    // A start that stopped after the first step (ALL's counter, the first partition, is in it): the write
    // goes on from step 2, so the board's own counter is not moved again.
    await writeDemoLearners({ ...plan, countersApplied: 1 }, cloud.stream, marker);
    await cloud.drain();
    const after = await counts();
    expect(after.all).toHaveLength(before.all.length + 40);
    expect(after.ranked).toBe(before.ranked);
    const left = await db.send(new GetCommand({ TableName: table(), Key: marker, ConsistentRead: true }));
    expect(left.Item?.learnerPlan).toBeUndefined();
    // Written again once done (another start, a retry): nothing moves.
    await writeDemoLearners(plan, cloud.stream, marker);
    await cloud.drain();
    const again = await counts();
    expect(again.all).toHaveLength(after.all.length);
    expect(again.ranked).toBe(after.ranked);
  });
});

describe('demo learners after a start stopped part-way', () => {
  it('are counted once: the stream projected some of them as new learners, the resumed write recounts their partitions', async () => {
    const { db, table, catalogueKeys } = await modules();
    const { planDemoLearners, writeDemoLearners, courseFacts, demoLearnerItems } = await import('../../functions/src/demo/learners');
    const { batchPut } = await import('../../functions/src/platform/db/batch');
    const { listCourses } = await demoCourses();
    const marker = { pk: 'SYSTEM', sk: `SEED-RESUME-${Date.now()}` };
    const plan = (await planDemoLearners(30, await courseFacts(listCourses)))!;
    await db.send(new PutCommand({ TableName: table(), Item: { ...marker, learnerPlan: { ...plan, startedWriting: true } } }));
    // What a stopped start left: a third of the learners' items written, which this start's stream read
    // before anything passed over them, so the projections counted those learners as new ones.
    const { items } = demoLearnerItems(plan);
    await batchPut(items.slice(0, Math.floor(items.length / 3)).filter((i) => String(i.type) === 'user'));
    await cloud.drain();
    await writeDemoLearners({ ...plan, startedWriting: true }, cloud.stream, marker);
    await cloud.drain();
    const all = await queryAll(catalogueKeys.leaderboard(catalogueKeys.leaderboardPart.all));
    await expectCountersMatchEntries(all);
    const left = await db.send(new GetCommand({ TableName: table(), Key: marker, ConsistentRead: true }));
    expect(left.Item?.learnerPlan).toBeUndefined();
  });
});

/** The courses the board's learners started (the demo's published courses). */
async function demoCourses() {
  const { catalogueKeys } = await modules();
  const all = await queryAll(catalogueKeys.leaderboard(catalogueKeys.leaderboardPart.all));
  const parts = new Set(all.flatMap((e) => e.parts as string[]).filter((p) => p.startsWith('CRS#')));
  return { listCourses: [...parts].map((p) => Number(p.slice(4))) };
}

/** Every partition: its counter equals its entries, each learner once, as the ALL entries list them. */
async function expectCountersMatchEntries(all: Array<Record<string, unknown>>) {
  const { catalogueKeys, db, table } = await modules();
  const partitions = [...new Set(all.flatMap((e) => e.parts as string[]))];
  expect(partitions.length).toBeGreaterThan(5);
  for (const part of partitions) {
    const entries = await queryAll(catalogueKeys.leaderboard(part));
    const counter = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.leaderboardCount(part), ConsistentRead: true }));
    expect(new Set(entries.map((e) => e.user_id)).size, part).toBe(entries.length);
    expect(Number(counter.Item?.count), part).toBe(entries.length);
    expect(entries.length, part).toBe(all.filter((e) => (e.parts as string[]).includes(part)).length);
  }
}

describe('StreamPoller.passOver', () => {
  it('projects everything but the passed-over writes (once each), also after a restart', async () => {
    const { StreamPoller } = await import('../../functions/src/platform/local/stream-poller');
    const { db, table } = await modules();
    const checkpointFile = join(mkdtempSync(join(tmpdir(), 'lectio-pass-over-')), 'checkpoint.json');
    const seen: string[] = [];
    const handler = async () => async (event: DynamoDBStreamEvent) => {
      for (const r of event.Records) {
        const pk = r.dynamodb?.Keys?.pk?.S;
        if (pk?.startsWith('PASS#')) seen.push(pk);
      }
    };
    const put = (name: string, v = 1) => db.send(new PutCommand({ TableName: table(), Item: { pk: `PASS#${name}`, sk: 'x', v } }));
    const poller = new StreamPoller({ endpoint: cloud.dynamoEndpoint, tableName: cloud.tableName, handler, checkpointFile, intervalMs: 50 });
    await poller.start();
    await put('before');
    await poller.passOver([{ pk: 'PASS#within-1', sk: 'x' }, { pk: 'PASS#within-2', sk: 'x' }], async () => {
      await put('within-1');
      // written meanwhile, by another writer: handed on
      await put('beside');
      await put('within-2');
    });
    // a later change of a passed-over item is handed on
    await put('within-1', 2);
    await put('after');
    await poller.drain();
    await poller.drain();
    expect(seen).toEqual(['PASS#before', 'PASS#beside', 'PASS#within-1', 'PASS#after']);
    await poller.stop();

    const again: string[] = [];
    const resumed = new StreamPoller({
      endpoint: cloud.dynamoEndpoint,
      tableName: cloud.tableName,
      handler: async () => async (event: DynamoDBStreamEvent) => void again.push(...event.Records.map((r) => r.dynamodb?.Keys?.pk?.S ?? '')),
      checkpointFile,
      intervalMs: 50,
    });
    await resumed.start();
    await put('later');
    await resumed.drain();
    await resumed.drain();
    await resumed.stop();
    expect(again).toEqual(['PASS#later']);
  });
});
