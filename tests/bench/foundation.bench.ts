/**
 * Foundation benchmark: request latency through the local cloud (HTTP → API Gateway v2 event →
 * middy handler → DynamoDB Local) and WebSocket fan-out to 1,000 subscribers (time to last
 * delivery). Prints figures; asserts nothing.
 */
import WebSocket from 'ws';
import type { Bench } from './run';
import { report, ms, sample } from './stats';
import { competitionKeys } from '../../functions/src/competitions/keys';

export const foundation: Bench = {
  name: 'foundation',
  async run({ cloud, token, userId }) {
    const n = Number(process.env.BENCH_N ?? 500);
    const health = await sample(n, () => fetch(`${cloud.url}/api/health`).then((r) => r.text()));
    const hp = report('GET /api/health', health);
    const user = await sample(n, () =>
      fetch(`${cloud.url}/api/get-full-user-parameters`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()),
    );
    const up = report('GET /api/get-full-user-parameters', user);
    console.log(`ratio get-full-user-parameters / health       p50 ${(up.p50 / hp.p50).toFixed(1)}x  p95 ${(up.p95 / hp.p95).toFixed(1)}x`);

    const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
    const topic = `competition:424242`;
    // Competition topics are open to those who joined: the bench user joins competition 424242.
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new PutCommand({ TableName: table(), Item: { ...competitionKeys.userCompetition(userId, 424242), type: 'user-competition', comp_id: 424242 } }));
    const wsUrl = `${cloud.url.replace('http', 'ws')}/ws?token=${token}`;
    const sockets: WebSocket[] = [];
    const received: number[] = [];
    const t0 = performance.now();
    let subscribed = 0;
    await Promise.all(
      Array.from({ length: subscribers }, async (_, i) => {
        // Stagger the handshakes a little, as real clients would arrive.
        await new Promise((r) => setTimeout(r, i % 50));
        const socket = new WebSocket(wsUrl);
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.on('message', (data) => {
            const m = JSON.parse(data.toString()) as { type: string };
            if (m.type === 'subscribed') {
              subscribed++;
              resolve();
            } else if (m.type === 'competition.closed') received.push(performance.now());
          });
          socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic })));
        });
      }),
    );
    console.log(`${subscribers} sockets connected and subscribed in ${ms(performance.now() - t0)} (${subscribed} confirmed)`);

    // the publish pool's threads start before the push (npm start starts them at once, the bench's cloud lazily)
    const warming = performance.now();
    await cloud.publishPool.warm();
    console.log(`publish pool ready in ${ms(performance.now() - warming)}`);
    const { publish } = await import('../../functions/src/platform/ws/publish');
    const start = performance.now();
    const result = await publish(topic, { type: 'competition.closed', topic, competitionId: 424242, serverNow: Date.now() });
    const published = performance.now() - start;
    const deadline = Date.now() + 30_000;
    while (received.length < subscribers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const last = Math.max(...received) - start;
    console.log(`fan-out to ${subscribers} subscribers: publish() returned after ${ms(published)}, last delivery after ${ms(last)}`);
    console.log(`  delivered ${result.delivered}, gone ${result.gone}, failed ${result.failed}, received ${received.length}; per subscriber ${(last / subscribers).toFixed(3)} ms`);
    for (const s of sockets) s.terminate();
  },
};
