/**
 * For security.test.ts: this worker was started with a pipe on descriptor 200 that is not close-on-exec (as
 * a server's parent may leave one). It runs one sandboxed program that lists its descriptors and writes to
 * descriptor 200, and prints the program's output. Argument: `box` (vpl-box), `per-process` or `rlimits`.
 */
import { detectSandbox, Sandbox, type SandboxEnvironment } from '../sandbox/sandbox';
import { DEFAULT_RUN_LIMITS } from '../sandbox/limits';

const how = process.argv[2];
const detected = detectSandbox(how === 'rlimits' ? 'rlimits' : 'namespaces');
const env: SandboxEnvironment = how === 'per-process' ? { ...detected, boxHelper: null } : detected;
const box = new Sandbox(env);
try {
  const program = 'ls /proc/self/fd | tr "\\n" " "; echo; (echo leaked >&200) 2>&1 | head -1; echo end';
  const outcome = await box.run({ argv: ['/bin/bash', '-c', program], limits: DEFAULT_RUN_LIMITS, input: '', terminal: false }).done;
  process.stdout.write(outcome.output);
} finally {
  await box.dispose();
}
