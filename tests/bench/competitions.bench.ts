/**
 * Competitions on the server's clock (issue 22 "Numbers to reach"), on the bench's local cloud:
 *
 * 1. Close at the deadline: 1,000, 2,000 and 5,000 sockets (BENCH_COMP_TIERS) subscribed to one
 *    competition; the competition's end is a one-time job at an instant (the local scheduler, as
 *    EventBridge Scheduler in AWS) whose run announces `competition.closed` through the sharded fan-out.
 *    Printed per tier: when each socket had it after the deadline (p50 / p99 / max over 3 closes),
 *    and the AWS cost model of one close (PostToConnection calls, publisher Lambda time).
 * 2. A burst of 2,000 answers (BENCH_COMP_ANSWERS) from 200 learners in the 5 s before a shared
 *    deadline, then 200 more in the second after it. Lateness is judged by the instant the API
 *    received an answer (requestContext.timeEpoch; the local cloud stamps it on arrival), so answers
 *    sent before the deadline are accepted even when processed after it: printed sent before /
 *    accepted / refused; every answer answered 200 is in the learners' progress (none lost), every
 *    answer sent after the deadline is refused, and every attempt closes with its progress score.
 * 3. A client whose clock is 5 minutes fast or slow: the remaining time it shows from a sync.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatRemaining, localDeadline, remainingSeconds } from '@lectio/shared';
import type { BenchContext, Bench } from './run';
import { ms, percentiles } from './stats';
import { connectAll, join, until } from './fan-out';

const BUDGET_MS = 1000;
const ROUNDS = 3;

/** Each socket's receipt of the next `competition.closed` (epoch ms). */
function watchClosed(sockets: WebSocket[]) {
  const at = new Map<WebSocket, number>();
  const listeners = sockets.map((socket) => {
    const on = (data: Buffer) => {
      if (!at.has(socket) && (JSON.parse(data.toString()) as { type: string }).type === 'competition.closed') at.set(socket, Date.now());
    };
    socket.on('message', on);
    return () => socket.off('message', on);
  });
  return { at, stop: () => listeners.forEach((off) => off()) };
}

async function closeTier(ctx: BenchContext, n: number, compId: number) {
  const topic = `competition:${compId}`;
  await join(ctx, compId);
  const url = `${ctx.cloud.url.replace('http', 'ws')}/ws?token=${ctx.token}`;
  const t0 = performance.now();
  const { subscribers } = await connectAll(url, topic, n);
  const sockets = subscribers.map((s) => s.socket);
  console.log(`${String(n).padStart(5)} sockets subscribed to ${topic} in ${ms(performance.now() - t0)}`);
  const { scheduleAt } = await import('../../functions/src/platform/schedules/one-time');
  const { CLOSE_COMPETITION_JOB } = await import('../../functions/src/competitions/close');
  const afterDeadline: number[] = [];
  const lastSocket: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const watch = watchClosed(sockets);
    const deadline = Date.now() + 2000;
    await scheduleAt(CLOSE_COMPETITION_JOB, String(compId), deadline, { compId, courseId: 0 });
    await until(() => watch.at.size === n, 30_000);
    watch.stop();
    const late = sockets.map((s) => (watch.at.get(s) ?? Infinity) - deadline);
    afterDeadline.push(...late);
    lastSocket.push(Math.max(...late));
  }
  const each = percentiles(afterDeadline);
  const last = percentiles(lastSocket);
  console.log(`  deadline → each socket: p50 ${ms(each.p50)}, p99 ${ms(each.p99)}, max ${ms(each.max)}; last socket of a close: max ${ms(last.max)} (${ROUNDS} closes)`);
  for (const s of sockets) s.terminate();
  const { subscribersOf } = await import('../../functions/src/platform/ws/connections');
  await until(async () => {
    for await (const page of subscribersOf(topic)) if (page.length) return false;
    return true;
  }, 60_000);
  return { n, p99: each.p99, max: each.max };
}

/** AWS cost model of one close of a competition with n subscribers (us-east-1 list prices, 2026). */
function costModel(n: number, shards: number, shardMs: number) {
  const messages = n; // one PostToConnection per subscriber
  const apiGw = (messages / 1e6) * 1.0; // WebSocket messages: $1.00 per million (first billion)
  const lambdaGbS = shards * (shardMs / 1000) * 0.5 + 0.3 * 0.5; // shard publishers at 512 MB + the job's own run (~300 ms)
  const lambda = lambdaGbS * 0.0000166667 + (shards + 1) * 0.2e-6;
  return `${messages} PostToConnection calls ($${apiGw.toFixed(5)}), ${shards} shard publishers × ~${ms(shardMs)} + the job ≈ ${lambdaGbS.toFixed(2)} GB-s ($${lambda.toFixed(6)}): ≈ $${(apiGw + lambda).toFixed(5)} per close`;
}

async function burst(ctx: BenchContext) {
  const { createUser } = await import('../../functions/src/accounts/users');
  const { issueTokens } = await import('../../functions/src/platform/auth/tokens');
  const { seedDemoContent } = await import('../../functions/src/demo/catalogue');
  const { listChapters, listLessons, listLessonTasks, catalogueKeys } = await import('../../functions/src/catalogue');
  const { db, table } = await import('../../functions/src/platform/db/client');
  const { progressOfTasks } = await import('../../functions/src/player');
  const { formatSpecTime } = await import('@lectio/shared');
  const LEARNERS = Number(process.env.BENCH_COMP_LEARNERS ?? 200);
  const ANSWERS = Number(process.env.BENCH_COMP_ANSWERS ?? 2000);
  const AFTER = Math.round(ANSWERS / 10);

  const courseId = (await seedDemoContent()).first;
  const weekly = (await listChapters(courseId)).find((c) => c.chapter_type === 2)!;
  const lesson = (await listLessons(courseId)).find((l) => l.chapter_id === weekly.chapter_id)!;
  const task = (await listLessonTasks(lesson.lesson_id))[0]!;
  const learners: Array<{ userId: number; token: string }> = [];
  for (let i = 0; i < LEARNERS; i += 20) {
    learners.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, LEARNERS - i) }, async (_, k) => {
          const user = await createUser({
            email: `comp-bench-${i + k}@example.com`, password_hash: '!', role_id: 1, name: 'Bench', surname: `C${i + k}`, nickname: `cbench${i + k}`,
            yob: 2005, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: 'Bench', confirmed: true,
          });
          return { userId: user.user_id, token: (await issueTokens(user.user_id, 1)).access_token };
        }),
      )),
    );
  }
  // one shared deadline for everyone: the open window ends 12 s from now (check_OE cuts every attempt)
  const deadline = Date.now() + 12_000;
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: catalogueKeys.chapter(courseId, weekly.chapter_id),
      UpdateExpression: 'SET check_OE = :one, open_end = :s, open_end_ms = :e',
      ExpressionAttributeValues: { ':one': 1, ':s': formatSpecTime(deadline), ':e': deadline },
    }),
  );
  const call = async (token: string, path: string, body: unknown) => {
    const res = await fetch(`${ctx.cloud.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };
  const joins = await Promise.all(learners.map((l) => call(l.token, '/add-my-competition', { comp_id: weekly.chapter_id, comp_key: '', course_id: courseId })));
  if (joins.some((j) => j.status !== 200)) throw new Error(`joins failed: ${JSON.stringify(joins.find((j) => j.status !== 200))}`);
  const answer = { task_id: task.task_id, task_type_id: task.task_type_id, time_length: 3, answer_list: '[1]', activity_type: 2 };

  // 2,000 answers spread over the last 5 s, AFTER more in the second after the deadline, sent from a
  // worker thread (the cloud serves on this one): each at its instant, as from learners' browsers
  const sends: Array<{ learner: number; at: number }> = [];
  for (let i = 0; i < ANSWERS; i++) sends.push({ learner: i % LEARNERS, at: deadline - 5000 + (5000 * i) / ANSWERS });
  for (let i = 0; i < AFTER; i++) sends.push({ learner: i % LEARNERS, at: deadline + 20 + (980 * i) / AFTER });
  const requests = sends.map((s, i) => ({
    url: `${ctx.cloud.url}/api/task-evaluate2`,
    headers: { authorization: `Bearer ${learners[s.learner]!.token}`, 'content-type': 'application/json', 'x-bench-id': String(i) },
    body: JSON.stringify(answer),
    at: s.at,
  }));
  // when the API received each answer: a listener after the server's own, in the same tick as its stamp
  const receivedAt = new Map<number, number>();
  const onRequest = (req: IncomingMessage) => {
    const id = req.headers['x-bench-id'];
    if (typeof id === 'string') receivedAt.set(Number(id), Date.now());
  };
  ctx.cloud.server.http.on('request', onRequest);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const results = await new Promise<Array<{ sentAt: number; status: number; message: string; answeredAt: number }>>((resolve, reject) => {
    const worker = new Worker(new URL('./burst-worker.mjs', import.meta.url), { workerData: { requests } });
    worker.once('message', (r) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  loopDelay.disable();
  ctx.cloud.server.http.off('request', onRequest);
  const stamped = results.map((r, i) => ({ ...r, receivedAt: receivedAt.get(i) ?? Infinity }));
  const accepted = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  const refusedBefore = results.filter((r) => r.sentAt < deadline && r.status === 409).map((r) => r.sentAt - deadline);
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  const sentBefore = results.filter((r) => r.sentAt < deadline);
  const sentAfter = results.filter((r) => r.sentAt >= deadline);
  const acceptedSentAfter = sentAfter.filter((r) => r.status === 200);
  // none lost: every 200 is an attempt in the learner's progress
  const stored = await Promise.all(learners.map((l) => progressOfTasks(l.userId, courseId, [task.task_id], true)));
  const attempts = stored.reduce((sum, p) => sum + (p.get(task.task_id)?.attempts ?? 0), 0);
  const lastWrite = Math.max(...stored.map((p) => Date.parse(p.get(task.task_id)?.last_at ?? '1970-01-01T00:00:00Z')));
  // every attempt closed with the score of its progress (answers written after the close count too)
  const { getAttempt } = await import('../../functions/src/competitions/attempts');
  const readAttempts = () => Promise.all(learners.map((l) => getAttempt(l.userId, weekly.chapter_id, true)));
  let closedAttempts = await readAttempts();
  for (let i = 0; i < 60 && closedAttempts.some((a) => a?.status !== 'closed'); i++) {
    await new Promise((r) => setTimeout(r, 500));
    closedAttempts = await readAttempts();
  }
  const scoreMismatch = closedAttempts.filter((a, i) => !a || a.status !== 'closed' || a.score !== (stored[i]!.get(task.task_id)?.score ?? 0)).length;
  const latency = percentiles(results.map((r) => r.answeredAt - r.sentAt));
  console.log(`answer burst: ${ANSWERS} answers from ${LEARNERS} learners in the 5 s before the deadline, ${AFTER} in the second after (lateness judged by the API's receive time)`);
  console.log(`  answered 200: ${accepted.length}, refused 409 ('${refused[0]?.message ?? ''}'): ${refused.length}, other: ${other.length}; latency p50 ${ms(latency.p50)} p99 ${ms(latency.p99)}`);
  console.log(
    `  sent before the deadline: ${sentBefore.length}; accepted ${sentBefore.filter((r) => r.status === 200).length}; refused ${sentBefore.filter((r) => r.status === 409).length}; other ${sentBefore.filter((r) => r.status !== 200 && r.status !== 409).length}`,
  );
  const receivedBefore = stamped.filter((r) => r.receivedAt < deadline);
  const receivedAfter = stamped.filter((r) => r.receivedAt >= deadline);
  const lag = percentiles(stamped.filter((r) => r.receivedAt < Infinity).map((r) => r.receivedAt - r.sentAt));
  console.log(
    `  received by the API before the deadline: ${receivedBefore.length}; accepted ${receivedBefore.filter((r) => r.status === 200).length}, refused ${receivedBefore.filter((r) => r.status !== 200).length} → ${receivedBefore.every((r) => r.status === 200) ? 'met' : 'MISSED'}; received after: ${receivedAfter.length}, accepted ${receivedAfter.filter((r) => r.status === 200).length} → ${receivedAfter.every((r) => r.status !== 200) ? 'met' : 'MISSED'}`,
  );
  if (refusedBefore.length) {
    console.log(
      `  refused though sent before (${refusedBefore.length}, sent ${ms(-Math.max(...refusedBefore))} to ${ms(-Math.min(...refusedBefore))} before the deadline): the local API received them after it. Send → receive stamp on this 2-core machine: p50 ${ms(lag.p50)}, p99 ${ms(lag.p99)} (this process's event loop lagged up to ${ms(loopDelay.max / 1e6)}); in AWS the stamp is API Gateway's, ahead of any Lambda queue`,
    );
  }
  console.log(`  none lost: ${attempts} attempts stored for ${accepted.length} answered 200 → ${attempts === accepted.length ? 'met' : 'MISSED'}`);
  console.log(`  none accepted after: ${acceptedSentAfter.length} of ${sentAfter.length} sent after the deadline answered 200 → ${acceptedSentAfter.length === 0 ? 'met' : 'MISSED'} (last stored write ${lastWrite - deadline} ms from the deadline: processed late, received in time)`);
  const stillOpen = closedAttempts.filter((a) => a?.status !== 'closed').length;
  console.log(`  attempts closed with their progress score: ${learners.length - scoreMismatch} of ${learners.length} (${stillOpen} not closed) → ${scoreMismatch === 0 ? 'met' : 'MISSED'}`);
}

function skewedClocks() {
  const deadline = 1_000_000_000_000;
  for (const skew of [-300_000, 0, 300_000]) {
    const serverNow = deadline - 600_000;
    const localNow = serverNow + skew; // this machine's clock is off by `skew`
    const shown = localDeadline({ deadline, serverNow }, localNow) - localNow;
    const server = remainingSeconds(deadline, serverNow);
    console.log(`  clock ${skew >= 0 ? '+' : ''}${skew / 60_000} min: shows ${formatRemaining(shown)}, server ${formatRemaining(server * 1000)} (difference ${Math.abs(shown / 1000 - server).toFixed(3)} s; the browser test server-clock.spec.ts checks it in Chromium)`);
  }
}

export const competitions: Bench = {
  name: 'competitions',
  run: async (ctx) => {
    const tiers = (process.env.BENCH_COMP_TIERS ?? '1000,2000,5000').split(',').map(Number);
    console.log(`close at the deadline: one-time job (local scheduler, 250 ms poll) → competition.closed through the sharded fan-out`);
    await ctx.cloud.publishPool.warm();
    const { TOPIC_SHARDS } = await import('../../functions/src/platform/ws/shards');
    const results = [];
    for (const [i, n] of tiers.entries()) results.push(await closeTier(ctx, n, 890_000 + i));
    for (const r of results) {
      console.log(`  ${String(r.n).padStart(5)} subscribers: p99 ${ms(r.p99)} after the deadline, max ${ms(r.max)}${r.n >= 5000 ? ` (budget p99 ≤ ${BUDGET_MS} ms: ${r.p99 <= BUDGET_MS ? 'met' : 'MISSED'})` : ''}`);
      console.log(`    AWS: ${costModel(r.n, TOPIC_SHARDS.competition ?? 16, 150)}`);
    }
    if (process.env.BENCH_COMP_ANSWERS !== '0') await burst(ctx);
    console.log('skewed client clocks:');
    skewedClocks();
  },
};
