import { describe, expect, it } from 'vitest';
import { defaultProgramFiles, gradeColour, gradeOf, nextFileName, transliterateCyrillic, withSemicolon } from '../src/rules/program-files';

describe('program task rules', () => {
  it('gives a new task the spec’s default files', () => {
    const py = defaultProgramFiles(8, 'py');
    expect(py.files.map((f) => f.name)).toEqual(['file1.py']);
    expect(py.filesToKeep.map((f) => f.name)).toEqual(['data1.txt']);
    expect(py.configFiles.map((f) => f.name)).toEqual(['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh']);
    const sql = defaultProgramFiles(10, 'sql');
    expect(sql.files.map((f) => f.name)).toEqual(['answer.sql']);
    expect(sql.configFiles.map((f) => f.name)).toEqual([
      'vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh', 'createTables.sql', 'showResult.sql', 'correctAnswer.sql', 'dataset1.sql', 'dataset2.sql', 'dataset3.sql',
    ]);
    // A new SQL task works as it is: a table, datasets and the correct answer, which the author's solution starts as
    const content = Object.fromEntries(sql.configFiles.map((f) => [f.name, f.content]));
    expect(content['createTables.sql']).toMatch(/CREATE TABLE/);
    expect(content['dataset1.sql']).toMatch(/INSERT INTO/);
    expect(sql.files[0]!.solution).toBe(content['correctAnswer.sql']);
    expect(sql.files[0]!.content).toBe('');
    expect(py.configFiles.every((f) => f.content === '')).toBe(true);
  });
  it('names new files with the first unused number', () => {
    expect(nextFileName(['file1.py', 'file3.py'], 'file', '.py')).toBe('file2.py');
    expect(nextFileName([], 'keep')).toBe('keep1');
  });
  it('reads the last grade and colours it', () => {
    expect(gradeOf('Grade :=>>10\nx\nGrade :=>> 66.67\n')).toBe(66.67);
    expect(gradeOf('no grade')).toBeNull();
    expect([gradeColour(100), gradeColour(0), gradeColour(50)]).toEqual(['green', 'red', 'orange']);
  });
  it('appends a missing semicolon', () => {
    expect(withSemicolon('SELECT 1  \n')).toBe('SELECT 1;');
    expect(withSemicolon('SELECT 1;')).toBe('SELECT 1;');
  });
});

import { gradeDisplay, monitorText, testReport } from '../src/rules/program-files';

describe('program results', () => {
  it('reads VPL’s report blocks and comments', () => {
    const out = 'noise\n<|--\n-Test 1: small\n>input 1\n>expected 2\n--|>\nComment :=>>Well done\n<|--\n-Summary of tests\n>3 tests run/2 tests passed\n--|>\nGrade :=>>66.67\n';
    expect(testReport(out)).toEqual([
      { title: 'Test 1: small', lines: ['input 1', 'expected 2'] },
      { title: 'Well done', lines: [] },
      { title: 'Summary of tests', lines: ['3 tests run/2 tests passed'] },
    ]);
    expect(testReport('plain output')).toEqual([]);
  });
  it('colours the grade and picks the panel (spec/2 §4)', () => {
    expect(gradeDisplay(0, '', '')).toMatchObject({ colour: 'blue', compilerIcon: 'neutral' });
    expect(gradeDisplay(0, '', 'x')).toMatchObject({ colour: 'red', panel: 'execution', compilerIcon: 'green' });
    expect(gradeDisplay(100, '', 'ok')).toMatchObject({ colour: 'green', panel: null });
    expect(gradeDisplay(50, 'a\nb\nc\nd\n', 'x')).toMatchObject({ colour: 'orange', panel: 'compilation', compilerIcon: 'red' });
    expect(gradeDisplay(null, '', '')).toMatchObject({ colour: null });
  });
  it('alters a monitor message ending in seg', () => {
    expect(monitorText('running 12 seg')).toBe('running 12 s');
    expect(monitorText('compilation')).toBe('compilation');
  });
});

describe('transliterateCyrillic', () => {
  it('writes Russian words in Latin letters, keeping capitals', () => {
    expect(transliterateCyrillic('Привет, мир!')).toBe('Privet, mir!');
    expect(transliterateCyrillic('Щука и Ёж')).toBe('Shchuka i Yozh');
    expect(transliterateCyrillic('объявление')).toBe('obyavlenie');
  });

  it('covers Ukrainian and Serbian letters', () => {
    expect(transliterateCyrillic('Їжак єнот ґанок')).toBe('Yizhak yenot ganok');
    expect(transliterateCyrillic('Љубав њива ђак')).toBe('Ljubav njiva djak');
  });

  it('leaves code without Cyrillic exactly as it was', () => {
    const code = 'print("Ahoj, svet! ä ö ü ß 日本")\n\tx = 1 # €';
    expect(transliterateCyrillic(code)).toBe(code);
  });

  it('transliterates comments and strings inside code', () => {
    expect(transliterateCyrillic('# вывод\nprint("Да")')).toBe('# vyvod\nprint("Da")');
  });
});
