import { describe, expect, it } from 'vitest';
import { addFile, canDelete, characterCount, deleteFile, liveFiles, newProgram, programContentText, programFrom, programGlobalsText, renameFile, renameProblem } from './program-model';

describe('program parts of the editor', () => {
  it('starts a new task with the spec’s default files and section visibility', () => {
    const p = newProgram(8, 'py');
    expect(p.files.map((f) => f.name)).toEqual(['file1.py']);
    expect(p.filesToKeep.map((f) => f.name)).toEqual(['data1.txt']);
    expect(p.configFiles.map((f) => f.name)).toEqual(['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh']);
    expect(p.visibility.testCases.show).toBe(true);
    expect(p.visibility.configFiles.show).toBe(false);
    expect(newProgram(10, 'sql').visibility).toMatchObject({ testCases: { show: false }, configFiles: { show: true } });
    expect(newProgram(10, 'sql').files[0]!.name).toBe('answer.sql');
  });
  it('names new files with the first unused number and refuses bad names', () => {
    let p = newProgram(8, 'py');
    p = addFile(p, 'files', 'py');
    p = addFile(p, 'filesToKeep', 'py');
    p = addFile(p, 'configFiles', 'py');
    expect(liveFiles(p, 'files').map((f) => f.name)).toEqual(['file1.py', 'file2.py']);
    expect(liveFiles(p, 'filesToKeep').map((f) => f.name)).toEqual(['data1.txt', 'data2.txt']);
    expect(liveFiles(p, 'configFiles')[3]!.name).toBe('config1.txt');
    expect(renameProblem(p, 'files', 1, 'file1.py')).toBe('taken');
    expect(renameProblem(p, 'files', 1, ' ')).toBe('empty');
    expect(renameProblem(p, 'files', 1, '../x')).toBe('invalid');
    expect(renameProblem(p, 'configFiles', 0, 'run.sh')).toBe('protected');
    expect(liveFiles(renameFile(p, 'files', 1, 'helper.py'), 'files')[1]!.name).toBe('helper.py');
  });
  it('deletes a new file outright, marks an existing one, never the first file or a protected config file', () => {
    const stored = programFrom(8, JSON.stringify({ files: [{ name: 'a.py' }, { name: 'b.py' }], configFiles: ['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh', { name: 't.py', content: 'x' }] }), '');
    expect(canDelete('files', 0)).toBe(false);
    expect(canDelete('configFiles', 2)).toBe(false);
    const marked = deleteFile(stored, 'files', 1);
    expect(marked.files[1]!.status).toBe(2);
    expect(liveFiles(marked, 'files')).toHaveLength(1);
    const added = addFile(stored, 'files', 'py');
    expect(deleteFile(added, 'files', 2).files).toHaveLength(2);
    expect(deleteFile(stored, 'configFiles', 0)).toBe(stored);
  });
  it('stores each language with the shared parts; deleted files and statuses are dropped', () => {
    let p = newProgram(8, 'py');
    p = { ...p, files: [{ ...p.files[0]!, aContent: 'print(1)' }], testCases: 'case=a\noutput=1\n' };
    p = addFile(p, 'filesToKeep', 'py', { name: 'img.bin', content: 'AAEC', encoding: 'base64' });
    const text = programContentText(p, { title: 'T', assignment: '<p>A</p>', help: '' });
    const c = JSON.parse(text);
    expect(c.files).toEqual([{ name: 'file1.py', rContent: '', aContent: 'print(1)' }]);
    expect(c.filesToKeep[1]).toEqual({ name: 'img.bin', content: 'AAEC', encoding: 'base64' });
    expect(JSON.parse(programGlobalsText(p)).files.filesToKeep).toEqual(['data1.txt', 'img.bin']);
    const back = programFrom(8, text, programGlobalsText(p));
    expect(back.testCases).toBe('case=a\noutput=1\n');
    expect(back.visibility).toEqual(p.visibility);
  });
  it('type 8: failed cases hide their input and expected output unless the author shows them', () => {
    expect(newProgram(8, 'py').showHiddenCases).toBe(false);
    expect(JSON.parse(programGlobalsText(newProgram(8, 'py'))).showHiddenCases).toBe(false);
    // an imported or older task without the setting: hidden; the editor offers to show them
    expect(programFrom(8, '{}', JSON.stringify({ files: { files: [] } })).showHiddenCases).toBe(false);
    expect(programFrom(8, '{}', 'not json').showHiddenCases).toBe(false);
    const shown = { ...newProgram(8, 'py'), showHiddenCases: true };
    expect(programFrom(8, '{}', programGlobalsText(shown)).showHiddenCases).toBe(true);
  });
  it('counts the characters of the assignment text', () => {
    expect(characterCount('<p>Hello <b>you</b></p>')).toBe(9);
  });
});
