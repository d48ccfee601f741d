import { describe, expect, it } from 'vitest';
import { draftFromStored, newCell, newDraft, toStored } from './model';

describe('the notebook editor model', () => {
  it('stores a reading notebook as its cells and a quiz as cells, help and answers with ratings in the globals', () => {
    const reading = newDraft(12);
    reading.cells[1] = [{ ...newCell('markdown'), source: ['# Hi'] }];
    reading.runner = 'browser';
    const stored = toStored(reading);
    expect(JSON.parse(stored.contents[1]!)).toEqual([{ cell_type: 'markdown', source: ['# Hi'], outputs: [], execution_count: null, metadata: {} }]);
    expect(stored.contents[2]).toBe('');
    expect(JSON.parse(stored.globals)).toMatchObject({ runner: 'browser' });

    const quiz = newDraft(15);
    quiz.cells[1] = [newCell('code')];
    quiz.answers = [{ texts: { 1: { answer: 'a', feedback: 'f' } }, rating: 100 }, { texts: { 1: { answer: 'b', feedback: '' } }, rating: -100 }];
    const q = toStored(quiz);
    expect(JSON.parse(q.contents[1]!).answer_list).toEqual([{ answer: 'a', feedback: 'f' }, { answer: 'b', feedback: '' }]);
    expect(JSON.parse(q.globals).ratings).toEqual([100, -100]);
    expect(JSON.parse(q.globals).runner).toBeUndefined();
  });

  it('reads what it stored', () => {
    const quiz = newDraft(14);
    quiz.cells[2] = [{ ...newCell('code'), source: ['print(1)'] }];
    quiz.answers = [{ texts: { 2: { answer: 'x', feedback: '', cells: [{ ...newCell('code'), source: ['x = 1'] }] } }, rating: 100 }];
    const stored = toStored(quiz);
    const back = draftFromStored({ task_type_id: 14, max_score: 10, globals: stored.globals, list: [{ lang_id: 2, content: stored.contents[2]!, visible: 1 }] });
    expect(back.cells[2]![0]!.source).toEqual(['print(1)']);
    expect(back.answers).toEqual([{ texts: { 2: { answer: 'x', feedback: '', cells: [{ ...newCell('code'), source: ['x = 1'] }] } }, rating: 100 }]);
  });
});
