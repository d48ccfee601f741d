import { spawnSync } from 'node:child_process';
import { Sandbox } from './functions/src/judge/sandbox/sandbox';
import { DEFAULT_RUN_LIMITS } from './functions/src/judge/sandbox/limits';
const box = new Sandbox();
const argv = ['/usr/bin/python3', '-c', 'pass'];
const T: Record<string, number[]> = { bare: [], term: [], pipe: [] };
for (let i = 0; i < 30; i++) {
  let t = performance.now(); spawnSync(argv[0], argv.slice(1)); T.bare.push(performance.now() - t);
  t = performance.now(); await box.run({ argv, limits: DEFAULT_RUN_LIMITS, input: '' }).done; T.term.push(performance.now() - t);
  t = performance.now(); await box.run({ argv, limits: DEFAULT_RUN_LIMITS, input: '', terminal: false }).done; T.pipe.push(performance.now() - t);
}
await box.dispose();
for (const [k, v] of Object.entries(T)) { v.sort((a, b) => a - b); console.log(k, v[15].toFixed(1)); }
