/**
 * Type 9, Python: one sandboxed process, the trusted runner (`python/runner.py`, `python3 -I`), gets the
 * tests, the job's nonce and the learner's module names on stdin; it checks the learner's files for syntax
 * errors (shown as build errors), starts the learner's process (`python/agent.py`) and runs unittest.
 */
import { readFileSync } from 'node:fs';
import type { LanguageRun, RunTrusted, UnitTestBox, UnitTestFiles } from './unit-tests';

/** The author's tests, as the old runner found them (`test*.py`). */
export const PYTHON_TEST_FILES = /^test.*\.py$/;

const source = (name: string) => readFileSync(new URL(`./python/${name}`, import.meta.url), 'utf8');
let sources: { runner: string; agent: string } | null = null;

const stem = (name: string) => name.slice(0, -'.py'.length);
const isModule = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*\.py$/.test(name);

export async function pythonUnitTests(files: UnitTestFiles, box: UnitTestBox, nonce: string, run: RunTrusted): Promise<LanguageRun> {
  sources ??= { runner: source('runner.py'), agent: source('agent.py') };
  const learner = files.learner.filter((f) => isModule(f.name)).map((f) => f.name);
  const support = files.other.filter((f) => isModule(f.name));
  const job = {
    nonce,
    agent: sources.agent,
    modules: learner.map(stem),
    check: learner,
    tests: files.tests.map((f) => [stem(f.name), f.content]),
    support: support.map((f) => [stem(f.name), f.content]),
    budget: box.budgetSeconds,
  };
  return run(['/usr/bin/python3', '-I', '-c', sources.runner], 'run', JSON.stringify(job));
}
