/**
 * VPL conformance: every case of VPL's own evaluator test corpus (tests/conformance/vpl-cases) runs through
 * the whole judge (sandbox, run script, built-in evaluator) and is checked by VPL's own check script for it,
 * with VPL's settings (grade 0-10, 20 s unless the run script changes them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from './job';

const corpus = resolve(__dirname, '../../../../tests/conformance/vpl-cases');
const names = readdirSync(corpus)
  .filter((f) => f.endsWith('_vpl_evaluate.cases'))
  .map((f) => f.replace(/_vpl_evaluate\.cases$/, ''))
  .sort();
const scratch = mkdtempSync(join(tmpdir(), 'vpl-conformance-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('VPL evaluate conformance corpus', () => {
  it('has the whole corpus (20 cases, 3 files each)', () => {
    expect(names).toHaveLength(20);
    expect(readdirSync(corpus).filter((f) => f !== 'README.md')).toHaveLength(60);
  });

  it.each(names)('%s gives VPL’s verdict', async (name) => {
    const read = (suffix: string) => readFileSync(join(corpus, `${name}_${suffix}`), 'utf8');
    const result = await runJob({
      kind: 'evaluate',
      submittedFiles: [],
      keepFiles: [],
      configFiles: [
        { name: 'vpl_run.sh', content: read('vpl_run.sh') },
        { name: 'vpl_evaluate.cases', content: read('vpl_evaluate.cases') },
      ],
      gradeMin: 0,
      gradeMax: 10,
      maxTime: 20,
    });
    const output = join(scratch, `${name}.out`);
    const errors = join(scratch, `${name}.err`);
    writeFileSync(output, result.execution);
    writeFileSync(errors, '');
    // VPL's check scripts grep the evaluation output; assertOutput is the helper of VPL's test runner.
    // The valgrind case checks VPL's C++ evaluator for memory errors, which has no meaning for this
    // evaluator: its check runs as on a machine without valgrind, and its grade is checked here instead.
    const pathDir = join(scratch, 'bin');
    mkdirSync(pathDir, { recursive: true });
    if (!existsSync(join(pathDir, 'grep'))) symlinkSync('/usr/bin/grep', join(pathDir, 'grep'));
    if (name === 'valgrind') expect(result.execution).toMatch(/^Grade :=>> 8$/m);
    const check = spawnSync(
      '/bin/bash',
      ['-c', `assertOutput() { grep -e "$1" "$VPLTESTOUTPUT" >/dev/null; }\n. "${join(corpus, `${name}_vpl_test_evaluate.sh`)}"`],
      { env: { PATH: name === 'valgrind' ? pathDir : '/usr/bin:/bin', VPLTESTOUTPUT: output, VPLTESTERRORS: errors }, encoding: 'utf8' },
    );
    expect(check.status, `${name}\n--- compilation ---\n${result.compilation}\n--- execution ---\n${result.execution}\n--- check ---\n${check.stdout}`).toBe(0);
  });
});
