// Starts the local cloud for the browser tests on a fresh DATA_DIR (demo content seeded).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-browser-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/app/local.ts'], {
  cwd: root,
  // STRICT_RESPONSES: every answer is checked against the registry by the server (a production build does
  // not check them in the browser), so a drift fails the test that met it.
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', STRICT_RESPONSES: '1' },
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
