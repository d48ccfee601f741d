import { describe, expect, it } from 'vitest';
import { defaultProgramFiles, gradeColour, gradeOf, nextFileName, withSemicolon } from '../src/rules/program-files';

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
