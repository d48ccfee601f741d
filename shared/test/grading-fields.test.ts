/** What decides grading is object-level in every language (issue 18): gradingPart and gradingChanges. */
import { describe, expect, it } from 'vitest';
import { gradingChanges, gradingPart } from '@lectio/shared';

const program = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: 'Sum',
    assignment: '<p>Add two numbers</p>',
    files: [{ name: 'sum.py', rContent: '# your code', aContent: 'print(sum(map(int, input().split())))' }],
    testCases: 'case = one\ninput = 1 2\noutput = 3\n',
    filesToKeep: [{ name: 'data1.txt', content: '1 2' }],
    configFiles: [{ name: 'vpl_evaluate.sh', content: '#!/bin/sh\n' }],
    help: '<p>Use input()</p>',
    ...over,
  });
const choice = (answers: Array<{ answer: string; status?: number }>, text = 'Pick') =>
  JSON.stringify({ content: `<p>${text}</p>`, help: '', answer_list: answers.map((a) => ({ feedback: '', ...a })) });

describe('gradingPart', () => {
  it('of a program: test cases, config and kept files, file names and the author solution; not texts nor the start code', () => {
    const base = gradingPart(8, program());
    expect(gradingPart(8, program({ title: 'Súčet', assignment: '<p>Sčítajte</p>', help: '<p>Pomoc</p>' }))).toBe(base);
    expect(gradingPart(8, program({ files: [{ name: 'sum.py', rContent: '# váš kód', aContent: 'print(sum(map(int, input().split())))' }] }))).toBe(base);
    for (const change of [
      { testCases: '' },
      { configFiles: [{ name: 'vpl_evaluate.sh', content: 'echo "Grade :=>>100"' }] },
      { filesToKeep: [] },
      { files: [{ name: 'sum.py', rContent: '', aContent: 'print(3)' }] },
      { files: [{ name: 'other.py', rContent: '# your code', aContent: 'print(sum(map(int, input().split())))' }] },
    ]) {
      expect(gradingPart(8, program(change))).not.toBe(base);
    }
  });

  it('reads a kept or config file as the editors do: a bare name, an editor status, deleted entries dropped', () => {
    const stored = program({ filesToKeep: ['data1.txt'], configFiles: [{ name: 'vpl_evaluate.sh', content: '#!/bin/sh\n', status: 0 }, { name: 'old.sh', content: '', status: 2 }] });
    const edited = program({ filesToKeep: [{ name: 'data1.txt', content: '' }], configFiles: [{ name: 'vpl_evaluate.sh', content: '#!/bin/sh\n' }] });
    expect(gradingPart(8, edited)).toBe(gradingPart(8, stored));
  });

  it('reads the same value in another key order as the same', () => {
    const reordered = JSON.stringify({ configFiles: [{ content: '#!/bin/sh\n', name: 'vpl_evaluate.sh' }], ...JSON.parse(program()) });
    expect(gradingPart(9, reordered)).toBe(gradingPart(9, program()));
  });

  it('of a question: the number of answers and which are deleted, not their texts', () => {
    const base = gradingPart(3, choice([{ answer: 'yes' }, { answer: 'no' }]));
    expect(gradingPart(3, choice([{ answer: 'áno' }, { answer: 'nie' }], 'Vyberte'))).toBe(base);
    expect(gradingPart(3, choice([{ answer: 'yes' }]))).not.toBe(base);
    expect(gradingPart(3, choice([{ answer: 'yes' }, { answer: 'no', status: 2 }]))).not.toBe(base);
  });

  it('of gaps, lines and HTML rules; content types have none', () => {
    const gaps = (text: string) => JSON.stringify({ content: text });
    expect(gradingPart(5, gaps('a = §§1§§'))).toBe(gradingPart(5, gaps('b = §§2§§')));
    expect(gradingPart(5, gaps('a = §§1§§ §§2§§'))).not.toBe(gradingPart(5, gaps('a = §§1§§')));
    expect(gradingPart(7, JSON.stringify({ code: 'a\nb' }))).not.toBe(gradingPart(7, JSON.stringify({ code: 'a\nb\nc' })));
    // A rule's slot values grade; its description and constant text are translations.
    const rule = (constant: string, text: string, n = 2) => [{ c: constant }, { t: text }, { c: ' … ' }, { n }];
    const html = (content: unknown, description = 'd') => JSON.stringify({ authorsFile: '<p></p>', rules_list: [{ rule_id: 1, description, content }] });
    expect(gradingPart(11, html(rule('Stránka obsahuje ', '<li'), 'popis'))).toBe(gradingPart(11, html(rule('The page contains ', '<li'))));
    expect(gradingPart(11, html(rule('The page contains ', '<ol')))).not.toBe(gradingPart(11, html(rule('The page contains ', '<li'))));
    expect(gradingPart(11, html(rule('The page contains ', '<li', 3)))).not.toBe(gradingPart(11, html(rule('The page contains ', '<li'))));
    expect(gradingPart(1, '<p>a</p>')).toBe(gradingPart(1, '<p>b</p>'));
  });
});

describe('gradingChanges', () => {
  const before = { '1': program(), '2': program({ title: 'Súčet' }) };

  it('lets texts change and names the languages whose grading changed', () => {
    expect(gradingChanges(8, before, { ...before, '2': program({ title: 'Súčet čísel' }) })).toEqual([]);
    expect(gradingChanges(8, before, { ...before, '2': program({ title: 'Súčet', testCases: '' }) })).toEqual(['2']);
  });

  it('a first translation brings the grading of a language the task has; clearing one changes no grading', () => {
    expect(gradingChanges(8, before, { ...before, '3': program({ title: 'Součet' }) })).toEqual([]);
    expect(gradingChanges(8, before, { ...before, '3': program({ configFiles: [] }) })).toEqual(['3']);
    expect(gradingChanges(8, before, { ...before, '2': '' })).toEqual([]);
  });
});
