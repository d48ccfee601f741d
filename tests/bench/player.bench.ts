/**
 * Player benchmark (issue 11 numbers): task-evaluate2 through the local cloud at 100 requests/s
 * (open loop) from 200 simulated students of the demo lesson "All question types": latency
 * percentiles, and the read and write capacity units of one evaluation (measured consumed capacity
 * of the request's own DynamoDB calls, isolated from the stream projections with AsyncLocalStorage).
 * After the run every student's XP, coins, task scores, course aggregates and leaderboard entry are
 * compared with a recount from the progress items.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Bench } from './run';
import { report } from './stats';
import { openLoop } from './open-loop';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Seconds of the same load before the measured ones (DynamoDB Local's JVM compiles its hot code). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const START_XP = 500;
const START_COINS = 50;

/** DynamoDB's item size: attribute names plus values (numbers about 1 byte per 2 digits). */
function itemBytes(item: Record<string, unknown>): number {
  const value = (v: unknown): number => {
    if (typeof v === 'string') return Buffer.byteLength(v);
    if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace('.', '').length / 2) + 1;
    if (typeof v === 'boolean' || v === null) return 1;
    if (Array.isArray(v)) return 3 + v.reduce((sum: number, x) => sum + value(x) + 1, 0);
    if (typeof v === 'object') return 3 + itemBytes(v as Record<string, unknown>) + Object.keys(v as object).length;
    return 0;
  };
  return Object.entries(item).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + value(v), 0);
}

interface Units {
  read: number;
  write: number;
  calls: string[];
}

export const player: Bench = {
  name: 'player',
  async run({ cloud }) {
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { playerKeys } = await import('../../functions/src/player/keys');
    const { accountKeys } = await import('../../functions/src/accounts/keys');
    const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
    const { seedDemoContent } = await import('../../functions/src/demo/catalogue');
    const { createUser } = await import('../../functions/src/accounts/users');
    const { startCourse } = await import('../../functions/src/catalogue/browse');
    const { listChapters, listLessons } = await import('../../functions/src/catalogue/store');
    const { listLessonTasks } = await import('../../functions/src/catalogue/task-items');
    const { recordResult } = await import('../../functions/src/player/progress');
    const { listCourseProgress, aggregate } = await import('../../functions/src/player/projection');
    const { issueTokens } = await import('../../functions/src/platform/auth/tokens');
    const { evaluate } = await import('../../functions/src/player/evaluate');
    const { learnerContent } = await import('@lectio/shared');
    const { learnerSeed } = await import('../../functions/src/player/access');
    const { coinsForScore, xpForScore, leaderSortKeyOf } = {
      ...(await import('@lectio/shared')),
      leaderSortKeyOf: (await import('../../functions/src/catalogue/keys')).catalogueKeys.leaderSortKey,
    };

    // Capacity of one request's own calls: an ALS context marks them, the poller's calls stay out.
    const als = new AsyncLocalStorage<Units>();
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const units = als.getStore();
        if (!units) return next(args);
        const input = args.input as Record<string, unknown>;
        input.ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
        const total = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
        const name = String(context.commandName);
        if (/Get|Query|Scan/.test(name)) units.read += total;
        else units.write += total;
        units.calls.push(`${name.replace('Command', '')}:${total}`);
        return out;
      },
      { step: 'initialize', name: 'playerBenchUnits' },
    );

    const t0 = performance.now();
    const courseId = (await seedDemoContent()).first;
    const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type === 1);
    const lessons = await listLessons(courseId);
    const lesson = lessons.find((l) => l.names['1'] === 'All question types')!;
    const tasks = (await listLessonTasks(lesson.lesson_id)).filter((t) => t.task_type_id >= 2 && t.task_type_id <= 7);
    const firstChapterContents = (await Promise.all(lessons.filter((l) => l.chapter_id === chapters[0]!.chapter_id).map((l) => listLessonTasks(l.lesson_id)))).flat();

    const students: Array<{ userId: number; token: string }> = [];
    for (let i = 0; i < STUDENTS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, STUDENTS - i) }, async (_, k) => {
          const n = i + k;
          const user = await createUser({
            email: `bench-student-${n}@example.com`, password_hash: '!', role_id: 1, name: 'Bench', surname: `S${n}`, nickname: `bench${n}`,
            yob: 2005, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: 'Bench', confirmed: true,
            xp: START_XP, coins: START_COINS,
          });
          const session = { userId: user.user_id, roleId: 1, jti: 'bench', sid: 'bench', exp: 0 };
          await startCourse(session, courseId);
          // Chapter 1 read, so chapter 2 (the question lesson) is open.
          for (const task of firstChapterContents) await recordResult({ userId: user.user_id, task, rating: 100, answer: '', timeLength: 5, passOnly: true });
          return { userId: user.user_id, token: (await issueTokens(user.user_id, 1)).access_token };
        }),
      );
      students.push(...batch);
    }
    await cloud.drain();
    console.log(`seeded the demo course and ${STUDENTS} students in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${tasks.length} questions of types 2-7`);

    // Answers: for each task a right one and a wrong one, in the learner's option order.
    const answerFor = async (userId: number, taskIndex: number, right: boolean) => {
      const task = tasks[taskIndex]!;
      const view = JSON.parse(learnerContent({ type: task.task_type_id, content: task.contents['1']!, seed: await learnerSeed(userId, task.task_id), helpEarned: false })) as {
        answer_list?: Array<{ answer: string }>; gaps?: number; options?: string[]; codes?: string[];
      };
      const stored = JSON.parse(task.contents['1']!) as { answer_list?: Array<{ answer: string }>; content?: string; code?: string };
      const ratings = (JSON.parse(task.globals || '{}') as { ratings?: number[] }).ratings ?? [];
      switch (task.task_type_id) {
        case 2:
          return JSON.stringify([right ? stored.answer_list![0]!.answer : 'nothing']);
        case 3:
        case 4: {
          const good = stored.answer_list!.filter((_, i) => (ratings[i] ?? 0) > 0).map((a) => a.answer);
          const pick = view.answer_list!.map((a, i) => ({ a, i })).filter(({ a }) => good.includes(a.answer) === right).map(({ i }) => i);
          return JSON.stringify(task.task_type_id === 3 ? pick.slice(0, 1) : pick);
        }
        case 5:
        case 6: {
          const hidden = [...(stored.content ?? '').matchAll(/§§([\s\S]*?)§§/g)].map((m) => m[1]);
          return JSON.stringify(right ? hidden : hidden.map(() => 'x'));
        }
        case 7: {
          const lines = (stored.code ?? '').split('\n').filter((l) => l.trim());
          const order = lines.map((l) => view.codes!.findIndex((c) => c.includes(l.replace(/&/g, '&amp;').replace(/</g, '&lt;'))));
          return JSON.stringify(right ? order : [...order].reverse());
        }
      }
      return '[]';
    };

    // Capacity of one evaluation, in process (same code path as the handler), first touch excluded.
    const units: Units[] = [];
    for (let i = 0; i < 60; i++) {
      const s = students[i % students.length]!;
      const taskIndex = i % tasks.length;
      const body = { task_id: tasks[taskIndex]!.task_id, task_type_id: tasks[taskIndex]!.task_type_id, time_length: 10, answer_list: await answerFor(s.userId, taskIndex, true) };
      const session = { userId: s.userId, roleId: 1, jti: 'bench', sid: 'bench', exp: 0 };
      // First touch (course/chapter check) with a wrong answer is not the steady state; then even
      // samples raise the score (transaction with the user item), odd ones raise nothing.
      await evaluate(session, { ...body, answer_list: '["wrong"]' });
      const u: Units = { read: 0, write: 0, calls: [] };
      await als.run(u, () => evaluate(session, { ...body, answer_list: i % 2 ? '[]' : body.answer_list }));
      units.push(u);
    }
    const max = (f: (u: Units) => number) => Math.max(...units.map(f));
    const avg = (f: (u: Units) => number) => units.reduce((s, u) => s + f(u), 0) / units.length;
    console.log(`capacity per task-evaluate2 (steady state, ${units.length} evaluations): read avg ${avg((u) => u.read).toFixed(2)} max ${max((u) => u.read)} RCU, write avg ${avg((u) => u.write).toFixed(2)} max ${max((u) => u.write)} WCU (budget ≤ 2 RCU, ≤ 4 WCU)`);
    console.log('  (the task comes from the player\'s 2 s cache; a miss adds its Query, 0.5 RCU; the token check adds one BatchGetItem of 1 RCU to every request)');
    const rising = units.find((u) => u.calls.some((c) => c.startsWith('TransactWrite')));
    if (rising) console.log(`  a score-raising evaluation: ${rising.calls.join(', ')}`);
    // DynamoDB Local does not bill transactions as AWS does (2 units per started KB of each item, plus
    // index writes): the AWS figure from the sizes of the two items the transaction writes.
    {
      const s = students[0]!;
      const task = tasks[0]!;
      const [progress, user] = await Promise.all([
        db.send(new GetCommand({ TableName: table(), Key: playerKeys.taskProgress(s.userId, courseId, task.task_id) })),
        db.send(new GetCommand({ TableName: table(), Key: accountKeys.user(s.userId) })),
      ]);
      const sizes = [progress.Item, user.Item].map((item) => itemBytes(item ?? {}));
      const indexed = [progress.Item, user.Item].filter((item) => item && Object.keys(item).some((k) => k.startsWith('gsi'))).length;
      const aws = sizes.reduce((sum, b) => sum + 2 * Math.ceil(b / 1024), 0) + 2 * indexed;
      console.log(`  on AWS: progress item ${sizes[0]} B + user item ${sizes[1]} B, ${indexed} in an index → ${aws} WCU per score-raising evaluation (budget ≤ 4)`);
    }
    const plain = units.find((u) => !u.calls.some((c) => c.startsWith('TransactWrite')));
    if (plain) console.log(`  an evaluation that raises nothing: ${plain.calls.join(', ')}`);

    // Load: open loop at RATE req/s for WARMUP + SECONDS through HTTP; the last SECONDS are measured.
    const prepared = await Promise.all(
      Array.from({ length: RATE * (WARMUP + SECONDS) }, async (_, i) => {
        const s = students[(i * 7) % students.length]!;
        const taskIndex = (i * 13) % tasks.length;
        return { s, body: { task_id: tasks[taskIndex]!.task_id, task_type_id: tasks[taskIndex]!.task_type_id, time_length: 10, answer_list: await answerFor(s.userId, taskIndex, i % 4 !== 0), activity_type: 1 } };
      }),
    );
    // Every DynamoDB call of this process (requests and projections; not the poller's GetRecords) from
    // the first request until the projections have caught up, and the delays of the serving event loop.
    const calls = { counting: true, n: 0 };
    db.middlewareStack.add(
      (next) => (args) => {
        if (calls.counting) calls.n++;
        return next(args);
      },
      { step: 'initialize', name: 'playerBenchCalls' },
    );
    // The stream batches the projections handled (a counting projection next to the domains' ones).
    const stream = { batches: 0, records: 0 };
    const { projections } = await import('../../functions/src/app/stream');
    projections.push({ name: 'bench', projectBatch: async (changes) => void ((stream.batches += 1), (stream.records += changes.length)) });
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const { latencies: all, errors, elapsed } = await openLoop(
      prepared.map(({ s, body }) => ({
        url: `${cloud.url}/api/task-evaluate2`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
        body: JSON.stringify(body),
      })),
      RATE,
    );
    console.log(`sent ${prepared.length} evaluations in ${elapsed.toFixed(1)} s (${(prepared.length / elapsed).toFixed(1)} req/s achieved), ${errors} errors`);
    const warm = RATE * WARMUP;
    if (warm) report(`  the first ${WARMUP} s (warm-up, not counted)`, all.slice(0, warm));
    const latencies = all.slice(warm);
    report(`task-evaluate2 at ${RATE} req/s, ${STUDENTS} students`, latencies);
    loopDelay.disable();
    const answered = performance.now();
    await cloud.drain();
    calls.counting = false;
    projections.pop();
    const msOf = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(`serving event loop delay: p50 ${msOf(loopDelay.percentile(50))} ms, p99 ${msOf(loopDelay.percentile(99))} ms, max ${msOf(loopDelay.max)} ms`);
    console.log(
      `projections caught up ${((performance.now() - answered) / 1000).toFixed(1)} s after the last answer; ${calls.n} DynamoDB calls in all, ${(calls.n / prepared.length).toFixed(1)} per evaluation (request and projections); ${stream.records} stream records (${(stream.records / prepared.length).toFixed(1)} per evaluation) in ${stream.batches} batches`,
    );

    // Recount: XP, coins, scores, aggregates and leaderboard entries equal what the progress items say.
    let mismatches = 0;
    for (const s of students) {
      const [user, progress, uc] = await Promise.all([
        db.send(new GetCommand({ TableName: table(), Key: accountKeys.user(s.userId), ConsistentRead: true })),
        listCourseProgress(s.userId, courseId),
        db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.userCourse(s.userId, courseId), ConsistentRead: true })),
      ]);
      const xp = START_XP + progress.reduce((sum, p) => sum + xpForScore(Number(p.score)), 0);
      const coins = START_COINS + progress.reduce((sum, p) => sum + coinsForScore(Number(p.score)) - Number(p.coins_spent ?? 0), 0);
      const awarded = progress.every((p) => Number(p.xp_awarded) === xpForScore(Number(p.score)) && Number(p.coins_awarded) === coinsForScore(Number(p.score)));
      const agg = aggregate(progress).course;
      const lb = await db.send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': 'LB#ALL', ':sk': leaderSortKeyOf(xp, s.userId) } }));
      const ok =
        Number(user.Item?.xp) === xp &&
        Number(user.Item?.coins) === coins &&
        awarded &&
        Number(uc.Item?.task_passed) === agg.tasks_finished &&
        Math.abs(Number(uc.Item?.score_task) - agg.score_task) < 0.005 &&
        (lb.Items?.length ?? 0) === 1;
      if (!ok) mismatches++;
    }
    console.log(`recount after the run: ${STUDENTS - mismatches}/${STUDENTS} students match (XP, coins, per-task awards, course aggregates, leaderboard entry)`);
  },
};
