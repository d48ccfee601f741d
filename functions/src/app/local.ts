/**
 * `npm start`: the local cloud on 127.0.0.1:$PORT with data under $DATA_DIR, composed with the domains
 * (the judge's sandbox check, the demo accounts it prints).
 */
import { startLocalCloud } from './cloud';
import { demoAccounts } from '../accounts/demo-accounts';
import { sandboxEnvironment } from '../judge/sandbox/environment';
import { env } from '../platform/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL ??= 'WARN';

const port = env('PORT');
const dataDir = env('DATA_DIR');
const seed = env('SEED');

const started = Date.now();
// the judge runs learner programs only in its sandbox: without one the local cloud does not start
try {
  sandboxEnvironment();
} catch (error) {
  console.error(`[local-cloud] ${(error as Error).message}`);
  process.exit(1);
}
const cloud = await startLocalCloud({
  dataDir,
  port,
  host: env('HOST'),
  allowRemote: env('ALLOW_REMOTE') === '1',
  seed,
  warmPublishPool: true,
  log: (line) => console.log(`[local-cloud] ${line}`),
}).catch((error: unknown) => {
  console.error(`[local-cloud] failed to start: ${(error as Error).message}`);
  process.exit(1);
});

const accountLines = demoAccounts.map((a) => {
  const role = a.role_id === 2 ? 'admin (role_id 2)' : a.nickname;
  // SEED=none: random passwords, shown on the first start only (they are not stored in clear anywhere).
  const password = seed === 'demo' ? a.password : (cloud.seed.passwords?.[a.email] ?? '(set on the first start)');
  return `  ${a.email.padEnd(22)} ${password.padEnd(18)} ${role}`;
});
console.log(`
Lectio is running at ${cloud.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s, data in ${dataDir})
${cloud.seed.seeded ? 'Seeded' : 'Existing data'}${seed === 'none' ? ' (SEED=none: accounts only, random passwords)' : ' with demo content'}. Demo accounts:
${accountLines.join('\n')}
Outbox: ${cloud.url}/_local/outbox (this machine only)`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[local-cloud] ${signal}: stopping`);
  void cloud.stop().finally(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
