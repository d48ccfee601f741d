// Starts the local cloud for the browser tests on a fresh DATA_DIR (demo content seeded).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-browser-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/app/local.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'ERROR' },
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
