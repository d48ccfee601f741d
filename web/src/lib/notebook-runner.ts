/**
 * Which runner a notebook's code cells use (issue 25): a live kernel when a kernel service is configured
 * (`GET /get-jupy-token` says so, web/src/lib/kernel-client.ts) and the author did not choose in-browser
 * Python for the task (globals `runner: 'browser'`); in-browser Python otherwise.
 */
import type { CellRunner } from './cell-runner';
import { createBrowserRunner } from './pyodide/runner';

interface KernelClient {
  kernelServiceAvailable(): Promise<boolean>;
  createKernelRunner(): CellRunner;
}
// The kernel client is built beside this one (issue 25 item 3); read lazily so a build without it runs in the browser.
const kernelClients = import.meta.glob<KernelClient>('./kernel-client.ts');

export type RunnerChoice = 'kernel' | 'browser' | undefined;

export async function chooseRunner(choice: RunnerChoice): Promise<CellRunner> {
  const load = kernelClients['./kernel-client.ts'];
  if (choice !== 'browser' && load) {
    const client = await load();
    if (await client.kernelServiceAvailable()) return client.createKernelRunner();
  }
  return createBrowserRunner();
}

/** The runner choice a task's globals carry (the learner's globals hold nothing else). */
export function runnerChoiceOf(globals: string): RunnerChoice {
  try {
    const runner = (JSON.parse(globals || '{}') as { runner?: unknown }).runner;
    return runner === 'browser' || runner === 'kernel' ? runner : undefined;
  } catch {
    return undefined;
  }
}
