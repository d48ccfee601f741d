/**
 * Fan-out to one competition topic (issue 19 part 4), on the bench's local cloud: 1,000, 2,000 and
 * 5,000 sockets (BENCH_FANOUT="1000,2000,5000") connect and subscribe, arriving CONNECT_WINDOW at a
 * time as a competition's learners would; then PUSHES pushes each go to all of them. Printed: the
 * connect + subscribe time and rate, per push the time until the last socket has it (p50 / p99 / max
 * over the pushes), every socket's delivery time, and the publish report (delivered, gone, failed,
 * duration, shards). Budget: the last socket within 1 s at 5,000 (p99 over the pushes).
 */
import WebSocket from 'ws';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BenchContext } from './run';
import { ms, percentiles, report } from './stats';
import { competitionKeys } from '../../functions/src/competitions/keys';

/** Handshakes + subscribes in flight at once. */
const CONNECT_WINDOW = Number(process.env.BENCH_CONNECT_WINDOW ?? 200);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 10);
const BUDGET_MS = 1000;

interface Subscriber {
  socket: WebSocket;
  /** push round → when this socket had it (performance.now()) */
  received: Map<number, number>;
}

/** The bench user joins the competition (an attempt of an hour, so a subscriber is told its deadline). */
export async function join(ctx: BenchContext, competitionId: number) {
  const { db, table } = await import('../../functions/src/platform/db/client');
  const now = Date.now();
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...competitionKeys.userCompetition(ctx.userId, competitionId),
        type: 'user-competition',
        comp_id: competitionId,
        user_comp_id: competitionId,
        user_id: ctx.userId,
        course_id: 0,
        begin_at: new Date(now).toISOString(),
        end_at: new Date(now + 3_600_000).toISOString(),
        begin_ms: now,
        end_ms: now + 3_600_000,
        status: 'open',
        score: 0,
      },
    }),
  );
}

/** Connects and subscribes one socket; resolves with it once `subscribed` came back. */
export function subscriber(url: string, topic: string): Promise<Subscriber> {
  const socket = new WebSocket(url);
  const received = new Map<number, number>();
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; serverNow?: number };
      if (m.type === 'competition.closed') received.set(m.serverNow!, performance.now());
      else if (m.type === 'subscribed') resolve({ socket, received });
    });
    socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic })));
  });
}

/** N sockets, CONNECT_WINDOW in flight at a time; a refused or reset one is counted and tried again. */
export async function connectAll(url: string, topic: string, n: number) {
  const subscribers: Subscriber[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const lane = async () => {
    while (next < n) {
      next++;
      for (;;) {
        const t = performance.now();
        try {
          subscribers.push(await subscriber(url, topic));
          latencies.push(performance.now() - t);
          break;
        } catch {
          errors++;
          if (errors > n) throw new Error('too many failed connections');
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_WINDOW, n) }, lane));
  return { subscribers, latencies, errors };
}

export async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

async function tier(ctx: BenchContext, n: number, competitionId: number) {
  const topic = `competition:${competitionId}`;
  await join(ctx, competitionId);
  const url = `${ctx.cloud.url.replace('http', 'ws')}/ws?token=${ctx.token}`;

  const t0 = performance.now();
  const { subscribers, latencies, errors } = await connectAll(url, topic, n);
  const connectMs = performance.now() - t0;
  console.log(
    `${String(n).padStart(5)} sockets connected and subscribed in ${ms(connectMs)}: ${((n / connectMs) * 1000).toFixed(0)} /s, ${errors} connection errors (${CONNECT_WINDOW} in flight)`,
  );
  report(`  connect + subscribe, one socket`, latencies);

  const { publish } = await import('../../functions/src/platform/ws/publish');
  const lastSocket: number[] = [];
  const everySocket: number[] = [];
  const reports: Array<{ delivered: number; gone: number; failed: number; durationMs: number; shards: number }> = [];
  // round 0 warms the paths up and is not counted
  for (let round = 0; round <= PUSHES; round++) {
    const start = performance.now();
    const published = await publish(topic, { type: 'competition.closed', topic, competitionId, serverNow: round });
    await until(() => subscribers.every((s) => s.received.has(round)), 30_000);
    if (round === 0) continue;
    const times = subscribers.map((s) => (s.received.get(round) ?? Infinity) - start);
    lastSocket.push(Math.max(...times));
    everySocket.push(...times);
    reports.push(published);
  }
  const last = report(`  push → last of ${n} sockets`, lastSocket);
  report(`  push → each socket`, everySocket);
  const sum = (k: 'delivered' | 'gone' | 'failed') => reports.reduce((a, r) => a + r[k], 0);
  const durations = percentiles(reports.map((r) => r.durationMs));
  console.log(
    `  publish report over ${reports.length} pushes: delivered ${sum('delivered')}, gone ${sum('gone')}, failed ${sum('failed')}, duration p50 ${ms(durations.p50)} max ${ms(durations.max)}, ${reports[0]?.shards} shards`,
  );
  for (const s of subscribers) s.socket.terminate();
  // let the $disconnects finish before the next tier
  const { subscribersOf } = await import('../../functions/src/platform/ws/connections');
  await until(async () => {
    for await (const page of subscribersOf(topic)) if (page.length) return false;
    return true;
  }, 60_000);
  return { n, connectMs, last };
}

export async function fanOut(ctx: BenchContext) {
  const tiers = (process.env.BENCH_FANOUT ?? '1000,2000,5000').split(',').map(Number);
  console.log(`fan-out to one competition topic: ${PUSHES} pushes a tier (+1 warm-up), shards over the local cloud's publish pool`);
  await ctx.cloud.publishPool.warm();
  const results = [];
  for (const [i, n] of tiers.entries()) results.push(await tier(ctx, n, 880_000 + i));
  console.log('summary (before, issue 19: 1,000 subscribed in 10.9 s, last push 0.91 s; 2,000 and 3,000 died with ECONNRESET):');
  for (const r of results) {
    console.log(
      `  ${String(r.n).padStart(5)} subscribers: connect + subscribe ${ms(r.connectMs)} (${((r.n / r.connectMs) * 1000).toFixed(0)} /s), last socket p99 ${ms(r.last.p99)}${r.n >= 5000 ? `  (budget ≤ ${BUDGET_MS} ms: ${r.last.p99 <= BUDGET_MS ? 'met' : 'MISSED'})` : ''}`,
    );
  }
}
