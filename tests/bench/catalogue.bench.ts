/**
 * Catalogue benchmark (issue 4 budgets): a filtered leaderboard page (country + group) with
 * 100,000 users over 50 countries and 500 groups — latency through the local cloud and the
 * capacity it reads; the dashboard of a student with 10 courses — DynamoDB requests and capacity.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Bench } from './run';
import { report, sample } from './stats';
import { dbMeter } from './db-meter';
import { accountKeys } from '../../functions/src/accounts/keys';
import { catalogueKeys } from '../../functions/src/catalogue/keys';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const COUNTRIES = 50;
const GROUPS = 500;

export const catalogue: Bench = {
  name: 'catalogue',
  async run({ cloud, token, userId }) {
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { leaderEntryItem, userPartitions, leaderboardPage } = await import('../../functions/src/catalogue/leaderboard');
    const countryOf = (i: number) => 1 + (i % COUNTRIES);
    const groupOf = (i: number) => `bench-group-${(i * 7) % GROUPS}`;

    // Seed the projection directly (what the stream handler writes), 8 batches in flight.
    const t0 = performance.now();
    const counts = new Map<string, number>();
    let pending: Array<Record<string, unknown>> = [];
    const inflight = new Set<Promise<unknown>>();
    const { batchPut } = await import('../../functions/src/platform/db/batch');
    const flush = (items: Array<Record<string, unknown>>) => batchPut(items);
    for (let i = 0; i < USERS; i++) {
      if (i > 0 && i % 10_000 === 0) console.log(`  … ${i} users written (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      const u = { user_id: 1_000_000 + i, nickname: `bench${i}`, xp: (i * 7919) % 100_000, country_id: countryOf(i), groups: groupOf(i) };
      const parts = userPartitions(u);
      for (const part of parts) {
        pending.push(leaderEntryItem(part, u, parts));
        counts.set(part, (counts.get(part) ?? 0) + 1);
        if (pending.length === 25) {
          const p = flush(pending).finally(() => inflight.delete(p));
          inflight.add(p);
          pending = [];
          if (inflight.size >= 8) await Promise.race(inflight);
        }
      }
    }
    if (pending.length) await flush(pending);
    await Promise.all(inflight);
    for (const [part, n] of counts) {
      await db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.leaderboardCount(part), UpdateExpression: 'ADD #n :d', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':d': n } }));
    }
    console.log(`seeded ${USERS} leaderboard users (${[...counts.values()].reduce((a, b) => a + b, 0)} entries, ${counts.size} partitions) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The bench groups become registration groups (ids 1001…1500), so the API can filter by them.
    const groupIdOf = (i: number) => 1001 + ((i * 7) % GROUPS);
    const groupItems = Array.from({ length: GROUPS }, (_, g) => ({ ...accountKeys.registrationGroup(1001 + g), type: 'registration-group', group_id: 1001 + g, group_name: `bench-group-${g}` }));
    for (let i = 0; i < groupItems.length; i += 25) await flush(groupItems.slice(i, i + 25));

    // Which (country, group) pairs exist: user i has country 1 + i%50 and group (7i)%500.
    const pairs: Array<[number, string, number]> = [];
    for (let i = 0; i < 200; i++) pairs.push([countryOf(i * 37), groupOf(i * 37), groupIdOf(i * 37)]);
    const meter = await dbMeter();
    let k = 0;
    const direct = await sample(300, async () => {
      const [c, g] = pairs[k++ % pairs.length]!;
      await leaderboardPage({ areas: [], courses: [], countries: [c], groups: [g] }, 0, 100);
    });
    report('leaderboard page, country+group (data layer)', direct);
    meter.reset();
    const page = await leaderboardPage({ areas: [], courses: [], countries: [pairs[0]![0]], groups: [pairs[0]![1]] }, 0, 100);
    console.log(`  one page: ${page.rows.length} rows of ${page.count}; ${meter.requests} DynamoDB requests, ${meter.capacity.toFixed(1)} capacity units read`);

    const http = (body: object) => () =>
      fetch(`${cloud.url}/api/get-leaders2`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then((r) => r.text());
    let j = 0;
    const pairPage = () => {
      const [c, , g] = pairs[j++ % pairs.length]!;
      return http({ start: 0, end: 100, countries: String(c), groups: String(g) })();
    };
    report('POST /api/get-leaders2 country+group', await sample(300, pairPage));
    meter.reset();
    await pairPage();
    console.log(`  one API call, country+group: ${meter.requests} DynamoDB requests (token check, language, group names, page, count), ${meter.capacity.toFixed(1)} capacity units`);
    report('POST /api/get-leaders2 country filter', await sample(300, () => http({ start: 0, end: 100, countries: String(countryOf(j++)) })()));
    report('POST /api/get-leaders2 no filter', await sample(200, http({ start: 0, end: 100 })));
    meter.reset();
    await leaderboardPage({ areas: [], courses: [], countries: [], groups: [] }, 900, 1000);
    console.log(`  a deep page (900-1000, all users): ${meter.requests} requests, ${meter.capacity.toFixed(1)} capacity units (grows with the offset)`);

    // Issue 8: the worst request the limits allow, next to the normal one. 20 ids in every filter are
    // refused when they make more than 50 partitions, so the worst allowed shapes are: 20 countries ×
    // 2 groups (40 partitions), 10 × 5 (50 partitions), and 20 courses + 20 areas with 20 countries
    // and 20 groups (40 overlapping partitions with a residual filter and a bounded count scan).
    const ids = (n: number, of: (i: number) => number) => Array.from({ length: n }, (_, i) => String(of(i))).join(',');
    const shapes: Array<[string, object]> = [
      ['normal: country+group, page 1', { start: 0, end: 100, countries: String(pairs[0]![0]), groups: String(pairs[0]![2]) }],
      ['worst: 20 countries × 2 groups (40 partitions)', { start: 0, end: 100, countries: ids(20, (i) => 1 + i), groups: ids(2, (i) => 1001 + i) }],
      ['worst: 10 countries × 5 groups (50 partitions)', { start: 0, end: 100, countries: ids(10, (i) => 1 + i), groups: ids(5, (i) => 1001 + i) }],
      ['worst: 20 countries, deepest page (end 1000)', { start: 900, end: 1000, countries: ids(20, (i) => 1 + i) }],
      ['worst: no filter, deepest page (end 20000)', { start: 19_900, end: 20_000 }],
      [
        'worst: 20 courses+20 areas, 20 countries, 20 groups',
        { start: 0, end: 100, courses: ids(20, (i) => 1 + i), areas: ids(20, (i) => 1 + i), countries: ids(20, (i) => 1 + i), groups: ids(20, (i) => 1001 + i) },
      ],
    ];
    console.log('\nleaderboard: the normal request next to the worst allowed ones (through the API)');
    for (const [label, body] of shapes) {
      const call = http(body);
      const status = await fetch(`${cloud.url}/api/get-leaders2`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then((r) => r.status);
      const p = report(`  ${label}`, await sample(40, call, 5));
      meter.reset();
      await call();
      console.log(`    status ${status}; ${meter.requests} DynamoDB requests, ${meter.capacity.toFixed(1)} capacity units per request (p95 ${p.p95.toFixed(1)} ms)`);
    }
    const refused = { start: 0, end: 100, countries: ids(1000, (i) => 1 + (i % 50)), groups: ids(1000, (i) => 1001 + (i % 500)) };
    meter.reset();
    const before = performance.now();
    const answer = await fetch(`${cloud.url}/api/get-leaders2`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(refused) });
    console.log(`  1,000 ids in countries and groups: ${answer.status} in ${(performance.now() - before).toFixed(1)} ms, ${meter.requests} DynamoDB requests (the token check only; refused before any leaderboard read)`);

    // Dashboard of a student with 10 courses.
    const { saveCourse } = await import('../../functions/src/catalogue/courses');
    const { startCourse, dashboard } = await import('../../functions/src/catalogue/browse');
    const { saveCategory } = await import('../../functions/src/catalogue/categories');
    const { saveArea } = await import('../../functions/src/catalogue/areas');
    const cat = await saveCategory({ category_id: 0, color: '#123456', content_list: [{ lang_id: 1, content: 'Bench' }] });
    const area = await saveArea({ area_id: 0, category_id: cat.id, color: '#123456', icon: '', icon2: '', content_list: [{ lang_id: 1, content: 'Bench area' }] });
    for (let i = 0; i < 10; i++) {
      const c = await saveCourse({ course_id: 0, area_id: area.id, file_extension: '', editor_template: '', content_list: [{ lang_id: 1, content: `Bench course ${i}` }] });
      await startCourse({ userId, roleId: 1, jti: 'bench', sid: 'bench', exp: 0 }, c.id);
    }
    meter.reset();
    const d = await dashboard(userId);
    console.log(`dashboard with ${d.list.length} courses: ${meter.requests} DynamoDB requests, ${meter.capacity.toFixed(1)} capacity units`);
    report('GET /api/get-active-user-courses2 (10 courses)', await sample(200, () =>
      fetch(`${cloud.url}/api/get-active-user-courses2`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()),
    ));
  },
};
