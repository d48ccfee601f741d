/**
 * Benchmark runner: `npm run bench [name…]`. Starts one local cloud (own DynamoDB Local, temporary
 * DATA_DIR, accounts only), runs the selected benchmarks and prints their figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud, type LocalCloud } from '../../functions/src/app/cloud';
import { foundation } from './foundation.bench';
import { catalogue } from './catalogue.bench';
import { player } from './player.bench';
import { realtime } from './realtime.bench';
import { bundlesBench } from './bundles.bench';
import { judge, judgeClick, judgeSql } from './judge.bench';
import { judgeUnit } from './judge-unit.bench';
import { teachingTables } from './teaching-tables.bench';
import { competitions } from './competitions.bench';
import { htmlRulesBench } from './html-rules.bench';
import { activityBench, messagesBench } from './messages.bench';
import { kernelsBench } from './kernels.bench';
import { pyodideBench } from './pyodide.bench';
import { startup } from './startup.bench';
import { lighthouseBench } from './lighthouse.bench';

export interface BenchContext {
  cloud: LocalCloud;
  token: string;
  userId: number;
  clientSecret: string;
}
export interface Bench {
  name: string;
  run: (ctx: BenchContext) => Promise<void>;
  /** Starts its own local clouds: when only such benches run, the runner starts none (startup). */
  standalone?: boolean;
  /** Runs only when named (`npm run bench lighthouse`), not in a run of every benchmark. */
  onlyWhenNamed?: boolean;
}

const benches: Bench[] = [foundation, catalogue, judge, judgeClick, judgeSql, judgeUnit, player, realtime, bundlesBench, teachingTables, competitions, messagesBench, activityBench, htmlRulesBench, kernelsBench, pyodideBench, lighthouseBench, startup];

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'SILENT';

const selected = process.argv.slice(2);
const toRun = selected.length ? benches.filter((b) => selected.includes(b.name)) : benches.filter((b) => !b.onlyWhenNamed);
if (toRun.length > 0 && toRun.every((b) => b.standalone)) {
  console.log(`Lectio benchmarks (Node ${process.version})\n`);
  for (const bench of toRun) {
    console.log(`## ${bench.name}`);
    await bench.run({} as BenchContext);
    console.log('');
  }
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
// The bench logs in with the published demo password (SEED=none alone would give random ones).
const cloud = await startLocalCloud({ dataDir, port: 0, seed: 'none', demoPasswords: true, dynamoInMemory: true });
try {
  const { clientSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientSecret: string };
  const res = await fetch(`${cloud.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: clientSecret, username: 'student@example.com', password: 'student-demo' }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  console.log(`Lectio benchmarks on ${cloud.url} (Node ${process.version}, DynamoDB Local)\n`);
  for (const bench of toRun) {
    console.log(`## ${bench.name}`);
    await bench.run({ cloud, token, userId: cloud.seed.accounts.student!, clientSecret });
    console.log('');
  }
} finally {
  await cloud.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
