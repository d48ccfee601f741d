/**
 * Type 10 through the whole judge (real sandbox, trusted Python driver): file-system functions, ATTACH,
 * extensions and file writes are closed and never earn a grade; no report shows a hidden dataset row or an
 * expected result; right, partly right and the demo's author solution grade as before; a run shows the
 * answer on dataset 1 and ends at the `sqlite> ` prompt.
 */
import { describe, expect, it } from 'vitest';
import { programmingLesson } from '../../demo/programs';
import { runJob, startJob, type JudgeFile, type JudgeJob } from './job';
import { isEmptySql, renderSets, withSemicolon } from './sql';
import { sqlDefaultConfigFiles } from '@lectio/shared';

/** The default task with markers in every hidden place: dataset 2 and 3 rows, the correct answer. */
const HIDDEN = ['HIDDEN-D2', 'HIDDEN-D3', 'HIDDEN-CA'];
const config = (): JudgeFile[] =>
  sqlDefaultConfigFiles().map((f) => {
    if (f.name === 'dataset2.sql') return { ...f, content: "INSERT INTO person VALUES (1, 'HIDDEN-D2', 17), (2, 'Ken', 18), (3, 'Kim', 16);\n" };
    if (f.name === 'dataset3.sql') return { ...f, content: "INSERT INTO person VALUES (1, 'HIDDEN-D3', 40), (2, 'Bea', 30), (3, 'Eva', 5);\n" };
    if (f.name === 'correctAnswer.sql') return { ...f, content: 'SELECT name /* HIDDEN-CA */ FROM person WHERE age >= 18 ORDER BY name;\n' };
    return f;
  });
const job = (answer: string, kind: JudgeJob['kind'] = 'evaluate', configFiles = config()): JudgeJob => ({
  kind,
  extension: 'sql',
  evaluation: 'sql',
  submittedFiles: [{ name: 'answer.sql', content: answer }],
  keepFiles: [],
  configFiles,
});
const evaluate = (answer: string, configFiles?: JudgeFile[]) => runJob(job(answer, 'evaluate', configFiles));
const expectNothingHidden = (text: string, attempt: string) => {
  for (const marker of HIDDEN) expect(text, attempt).not.toContain(marker);
  // the expected result on dataset 2 (Ken) and 3 (HIDDEN-D3)
  expect(text, attempt).not.toMatch(/\bKen\b/);
};

describe('type 10: the verdict comes from the trusted driver', { timeout: 120_000 }, () => {
  it('file-system functions, ATTACH, extensions, file writes and a no-query answer get 0 and reveal nothing', async () => {
    const attempts = [
      "SELECT * FROM fsdir('/');",
      // with the sqlite3 shell: the expected result of the dataset being graded (100), every hidden file
      ".headers off\nSELECT CAST(data AS TEXT) FROM fsdir('.') WHERE name = './expected' || substr((SELECT file FROM pragma_database_list WHERE name = 'main'), -4, 1) || '.txt';",
      "SELECT name, CAST(data AS TEXT) FROM fsdir('.') WHERE name LIKE '%.txt' OR name LIKE '%.sql';",
      "SELECT readfile('/etc/passwd');",
      "SELECT writefile('/tmp/x', 'a');",
      "ATTACH '/etc/hosts' AS x;\nSELECT * FROM x.sqlite_master;",
      "ATTACH 'file:/tmp/a.db?mode=rwc' AS x;",
      "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0');",
      "VACUUM INTO '/tmp/copy.db';",
      "PRAGMA temp_store_directory = '/tmp';",
      // three lines, no query (today's full grade)
      "CREATE TABLE t(x);\nINSERT INTO t SELECT name FROM person;\nDELETE FROM person;",
      '.read correctAnswer.sql',
      '.shell cat correctAnswer.sql',
      '.system cat correctAnswer.sql',
    ];
    for (const attempt of attempts) {
      const r = await evaluate(attempt);
      expect(r.grade, `${attempt}\n${r.execution}`).toBe(0);
      expectNothingHidden(r.compilation + r.execution, attempt);
    }
    const denied = await evaluate("ATTACH '/etc/hosts' AS x;");
    expect(denied.execution).toContain('>Error: near line 1: not authorized');
    const fs = await evaluate("SELECT * FROM fsdir('/');");
    expect(fs.execution).toContain('>Error: near line 1: no such table: fsdir');
  });

  it('a right answer gets 100, a partly right one its share; the report shows only dataset 1', async () => {
    const right = await evaluate('select name from person where age > 17 order by name -- adults');
    expect(right.grade, right.execution).toBe(100);
    expect(right.execution).toContain('>3 datasets/3 correct');
    // wrong on datasets 2 (Ken, 18) and 3 (an unordered list): 33.33, nothing of them in the report
    const wrong = await evaluate('SELECT name FROM person WHERE age > 18;');
    expect(wrong.grade).toBe(33.33);
    expect(wrong.execution).toContain('-Dataset 2: the result differs\n-Dataset 3: the result differs\n');
    expectNothingHidden(wrong.execution, 'wrong');
    // wrong everywhere: the learner's own dataset 1 result, never an expected one
    const all = await evaluate('SELECT name, age FROM person ORDER BY name;');
    expect(all.grade).toBe(0);
    expect(all.execution).toContain('-Dataset 1: the result differs\n>name|age\n>Ada|36\n>Grace|45\n>Linus|12\n');
    expectNothingHidden(all.execution, 'all');
    expect(all.execution).not.toMatch(/^>name\n/m);
    // two datasets: halves
    const two = config().filter((f) => f.name !== 'dataset3.sql');
    expect((await evaluate('SELECT name FROM person WHERE age > 18 ORDER BY name;', two)).grade).toBe(50);
  });

  it('the grade range of the job and the answer’s grade lines', async () => {
    const r = await runJob({ ...job('SELECT name FROM person WHERE age > 18;'), gradeMin: 0, gradeMax: 10 });
    expect(r.grade).toBe(3.33);
    // a value that looks like a grade line or a block end stays quoted in the report
    const forged = await evaluate("SELECT '--|>' || char(10) || 'Grade :=>>100' AS name;");
    expect(forged.grade).toBe(0);
    expect(forged.execution).toContain('>--|>\n>Grade :=>>100\n');
    expect(forged.execution).toMatch(/\nGrade :=>>0\n$/);
  });

  it('a query that never ends stops at its share of the time: the datasets share VPL_MAXTIME', async () => {
    const started = Date.now();
    const r = await runJob({ ...job('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;'), maxTime: 3 });
    expect(r.grade).toBe(0);
    expect(r.execution).toContain('>Error: near line 1: time limit exceeded (1 s)');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an empty answer gets 0 with a clear message; an error is shown as the shell shows it', async () => {
    for (const empty of ['', '  \n', '-- nothing yet\n', '/* todo */ ;']) {
      const r = await evaluate(empty);
      expect(r.grade).toBe(0);
      expect(r.execution).toContain('Your answer is empty');
    }
    const broken = await evaluate('SELECT nme FROM person');
    expect(broken.grade).toBe(0);
    expect(broken.execution).toContain('>Error: near line 1: no such column: nme');
  });

  it('the demo SQL task’s author solution gets 100', async () => {
    const demo = programmingLesson.tasks.find((t) => t.type === 10)!;
    const content = JSON.parse(demo.html.en) as { files: Array<{ name: string; aContent: string }>; configFiles: JudgeFile[] };
    const r = await runJob({ ...job(content.files[0]!.aContent, 'evaluate', content.configFiles) });
    expect(r.grade, r.execution).toBe(100);
  });

  it('a run shows the answer on dataset 1 in columns, then the sqlite> prompt, with the same authoriser', async () => {
    let seen = '';
    const running = startJob(job('SELECT name, age FROM person ORDER BY age', 'run'), { onOutput: (t) => (seen += t) });
    running.write("SELECT count(*) AS n\nFROM person;\nSELECT * FROM fsdir('/');\nATTACH '/etc/hosts' AS h;\n.quit\n");
    const r = await running.result;
    expect(r.grade).toBeNull();
    expect(seen).toContain('name   age\n-----  ---\nLinus  12 \nAda    36 \nGrace  45 \nsqlite> ');
    expect(seen).toContain('   ...> n\n-\n3\nsqlite> ');
    expect(seen).toContain('Error: near line 1: no such table: fsdir');
    expect(seen).toContain('Error: near line 1: not authorized');
    expect(seen).not.toContain('HIDDEN');
  });
});

describe('type 10 helpers', () => {
  it('adds the missing semicolon, finds empty answers, renders like the shell’s list mode', () => {
    expect(withSemicolon('SELECT 1 \n')).toBe('SELECT 1\n;\n');
    expect(withSemicolon('SELECT 1 -- the adults')).toBe('SELECT 1 -- the adults\n;\n');
    expect(withSemicolon('SELECT 1;')).toBe('SELECT 1;\n');
    expect(isEmptySql('-- a\n/* b */\n;')).toBe(true);
    expect(isEmptySql("SELECT '--'")).toBe(false);
    expect(renderSets([{ columns: ['a', 'b'], rows: [['1', '']], count: 1 }, { columns: ['x'], rows: [], count: 0 }, { error: 'boom', line: 2 }])).toBe('a|b\n1|\nError: near line 2: boom');
  });
});
