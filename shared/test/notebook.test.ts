/**
 * Notebook content (issue 25): the .ipynb converter (nbformat 4 in and out), the scoring of notebook
 * quizzes 13-15 as types 2-4, the sum colours of their rating editor (spec/2 §5) and the learner's view.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateQuestion,
  fromIpynb,
  IpynbError,
  learnerContent,
  learnerGlobals,
  parseContent,
  parseGlobals,
  ratingsBalanced,
  readLearnerAnswer,
  solutionOf,
  taskKey,
  sourceLines,
  toIpynb,
  type NotebookCell,
} from '../src/index';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    { cell_type: 'markdown', metadata: {}, source: '# Title\nSome *text*' },
    {
      cell_type: 'code',
      metadata: {},
      execution_count: 3,
      source: ['import math\n', 'print(math.pi)'],
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['3.14159\n'] },
        { output_type: 'execute_result', execution_count: 3, data: { 'text/plain': ['42'] }, metadata: {} },
        { output_type: 'display_data', data: { 'image/png': `${PNG}\n`, 'text/plain': '<Figure>' }, metadata: {} },
        { output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: ['\u001b[0;31mValueError\u001b[0m: bad'] },
      ],
    },
    { cell_type: 'raw', metadata: {}, source: 'raw text' },
  ],
};

describe('fromIpynb', () => {
  it('reads markdown, code and raw cells with string or array sources and every output kind', () => {
    const cells = fromIpynb(JSON.stringify(notebook));
    expect(cells.map((c) => c.cell_type)).toEqual(['markdown', 'code', 'raw']);
    expect(cells[0]!.source).toEqual(['# Title\n', 'Some *text*']);
    expect(cells[1]!.source).toEqual(['import math\n', 'print(math.pi)']);
    expect(cells[1]!.execution_count).toBe(3);
    expect(cells[1]!.outputs).toEqual([
      { atype: 'text', output: '3.14159\n' },
      { atype: 'text', output: '42' },
      { atype: 'png', output: PNG, width: 100 },
      { atype: 'text', output: 'ValueError: bad' },
    ]);
    expect(cells[2]!.source).toEqual(['raw text']);
  });

  it('refuses what is not an nbformat 4 notebook', () => {
    expect(() => fromIpynb('not json')).toThrow(IpynbError);
    expect(() => fromIpynb('{"cells": 1}')).toThrow(IpynbError);
    expect(() => fromIpynb('{"nbformat": 3, "cells": []}')).toThrow(IpynbError);
  });
});

describe('toIpynb', () => {
  const cells: NotebookCell[] = [
    { cell_type: 'equation', source: ['e = mc^2'], outputs: [], execution_count: null, metadata: {} },
    { cell_type: 'editor', source: ['<p>Hi</p>'], outputs: [], execution_count: null, metadata: { readOnly: true } },
    { cell_type: 'code', source: ['print(1)'], outputs: [{ atype: 'text', output: '1\n' }, { atype: 'png', output: PNG, width: 50 }], execution_count: 1, metadata: {} },
  ];

  it('writes nbformat 4 and round-trips Lectio\u2019s own cell types', () => {
    const nb = toIpynb(cells) as { nbformat: number; cells: Array<Record<string, unknown>> };
    expect(nb.nbformat).toBe(4);
    expect(nb.cells[0]).toMatchObject({ cell_type: 'markdown', source: ['$$\n', 'e = mc^2\n', '$$'] });
    expect(nb.cells[2]).toMatchObject({ cell_type: 'code', execution_count: 1 });
    const back = fromIpynb(JSON.stringify(nb));
    expect(back.map((c) => c.cell_type)).toEqual(['equation', 'editor', 'code']);
    expect(back[0]!.source).toEqual(['e = mc^2']);
    expect(back[1]!.metadata).toEqual({ readOnly: true });
    expect(back[2]!.outputs).toEqual([{ atype: 'text', output: '1\n' }, { atype: 'png', output: PNG, width: 100 }]);
  });

  it('keeps lines as notebooks do', () => {
    expect(sourceLines('a\nb\n')).toEqual(['a\n', 'b\n']);
    expect(sourceLines('')).toEqual([]);
  });
});

describe('notebook quizzes 13-15', () => {
  const content = JSON.stringify({
    cells: [{ cell_type: 'markdown', source: ['Pick'] }],
    answer_list: [{ answer: 'right', feedback: 'yes' }, { answer: 'wrong', feedback: 'no' }, { answer: 'also wrong', feedback: '' }],
  });
  const globals = (ratings: number[]) => parseGlobals(14, JSON.stringify({ ratings, caseSensitive: false }));

  it('scores 13 as a short answer, 14 as single choice, 15 as multiple choice', () => {
    const c = parseContent(13, content);
    expect(evaluateQuestion(13, c, globals([100, 0, 0]), readLearnerAnswer(13, '["RIGHT"]')!).rating).toBe(100);
    expect(evaluateQuestion(13, c, globals([100, 0, 0]), readLearnerAnswer(13, '["nope"]')!).rating).toBe(0);
    expect(evaluateQuestion(14, c, globals([100, 0, 0]), readLearnerAnswer(14, '[0]')!)).toMatchObject({ rating: 100, answers: [{ answer: 'right', feedback: 'yes' }] });
    expect(evaluateQuestion(14, c, globals([100, 0, 0]), readLearnerAnswer(14, '[1]')!).rating).toBe(0);
    expect(evaluateQuestion(15, c, globals([100, -50, -50]), readLearnerAnswer(15, '[0,1]')!).rating).toBe(50);
    expect(evaluateQuestion(15, c, globals([100, -50, -50]), readLearnerAnswer(15, '[1,2]')!).rating).toBe(0);
  });

  it('reads a bare array of cells (type 12) as a notebook without answers', () => {
    expect(parseContent(12, JSON.stringify([{ cell_type: 'code', source: ['1'] }]))).toMatchObject({ cells: [{ cell_type: 'code' }], answer_list: [] });
  });

  it('colours the sum as spec/2 §5 says: 15 sums to 0, 13 and 14 have a maximum of 100', () => {
    expect(ratingsBalanced(15, [100, -50, -50])).toBe(true);
    expect(ratingsBalanced(15, [100, 0])).toBe(false);
    expect(ratingsBalanced(14, [100, 0])).toBe(true);
    expect(ratingsBalanced(13, [50, 0])).toBe(false);
  });

  it('sends a learner the cells and options only, the runner choice but no ratings', () => {
    const view = learnerContent({ type: 15, content, seed: 7, helpEarned: false });
    expect(view).not.toContain('yes');
    expect(JSON.parse(view).answer_list.map((a: { answer: string }) => a.answer).sort()).toEqual(['also wrong', 'right', 'wrong']);
    expect(JSON.parse(learnerContent({ type: 13, content, seed: 7, helpEarned: false })).answer_list).toEqual([]);
    expect(learnerGlobals(15, JSON.stringify({ ratings: [100], runner: 'browser' }))).toBe('{"runner":"browser"}');
    expect(learnerGlobals(15, JSON.stringify({ ratings: [100] }))).toBe('');
    expect(solutionOf(14, content, [100, 0, 0])).toEqual([{ answer: 'right', feedback: 'yes' }]);
    // The book's key generator lists the correct answers of 13-15 as of 2-4.
    expect(taskKey(15, content, JSON.stringify({ ratings: [50, 50, -100] }))).toEqual(['right', 'wrong']);
  });
});
