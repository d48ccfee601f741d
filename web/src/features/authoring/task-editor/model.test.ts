import { describe, expect, it } from 'vitest';
import { addAnswer, codesOf, contentFrom, deleteAnswer, emptyContent, globalsFrom, harmonise, maxScoreProblem, toStored, type EditorTask } from './model';

const task = (): EditorTask => ({
  type: 3,
  maxScore: '10',
  globals: globalsFrom(3, ''),
  contents: { 1: emptyContent(), 2: emptyContent() },
  visible: { 1: 1, 2: 1 },
});

describe('task editor model', () => {
  it('adds answers in step across languages; the first new answer rates 100', () => {
    const t = addAnswer(addAnswer({ ...task(), globals: { ...task().globals, ratings: [] } }));
    expect(t.contents[1]!.answer_list).toHaveLength(2);
    expect(t.contents[2]!.answer_list).toHaveLength(2);
    expect(t.globals.ratings).toEqual([100, 0]);
  });

  it('deletes a new answer outright, marks an existing one 2 and drops it from the save, never the first', () => {
    const loaded: EditorTask = {
      ...task(),
      globals: { ...task().globals, ratings: [100, 0, 0] },
      contents: {
        1: contentFrom(3, JSON.stringify({ content: '<p>Q</p>', answer_list: [{ answer: 'a' }, { answer: 'b' }, { answer: 'c' }] })),
        2: contentFrom(3, JSON.stringify({ content: '<p>O</p>', answer_list: [{ answer: 'x' }, { answer: 'y' }, { answer: 'z' }] })),
      },
    };
    expect(deleteAnswer(loaded, 0)).toBe(loaded);
    const marked = deleteAnswer(loaded, 1);
    expect(marked.contents[2]!.answer_list[1]!.status).toBe(2);
    const stored = toStored(marked);
    expect(JSON.parse(stored.contents[2]!).answer_list.map((a: { answer: string }) => a.answer)).toEqual(['x', 'z']);
    expect(JSON.parse(stored.globals).ratings).toEqual([100, 0]);
    const added = addAnswer(loaded);
    expect(deleteAnswer(added, 3).contents[1]!.answer_list).toHaveLength(3);
  });

  it('harmonises the live ratings only', () => {
    const t = { ...task(), globals: { ...task().globals, ratings: [50, 0, 20] }, contents: { 1: { ...emptyContent(), answer_list: [0, 1, 2].map(() => ({ answer: 'a', feedback: '', status: 0 })) } } };
    expect(harmonise(t).globals.ratings).toEqual([50, -100, 50]);
  });

  it('stores types 5-7 and the flags with the spec defaults', () => {
    expect(globalsFrom(5, '')).toMatchObject({ ignoreSpace: true, caseSensitive: true, aqSome: false });
    expect(globalsFrom(2, '')).toMatchObject({ ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
    const t: EditorTask = { type: 7, maxScore: '10', globals: globalsFrom(7, ''), contents: { 1: { ...emptyContent(), content: '<p>Order</p>', code: 'a < b\n\nprint(x)' } }, visible: { 1: 1 } };
    expect(JSON.parse(toStored(t).contents[1]!)).toEqual({ content: '<p>Order</p>', help: '', code: 'a < b\n\nprint(x)', codes: ['<pre>a &lt; b</pre>', '<pre>print(x)</pre>'] });
    expect(codesOf('x\n  \ny')).toEqual(['<pre>x</pre>', '<pre>y</pre>']);
    const six: EditorTask = { type: 6, maxScore: '10', globals: globalsFrom(6, ''), contents: { 1: { ...emptyContent(), content: '§§a§§', fakes: ['b'] } }, visible: { 1: 1 } };
    expect(JSON.parse(toStored(six).contents[1]!).fakes).toEqual(['b']);
    expect(JSON.parse(toStored({ ...six, type: 5 }).contents[1]!).fakes).toEqual([]);
    expect(JSON.parse(toStored(six).globals)).toEqual({ ignoreSpaces: true, ignoreSeparators: false, caseSensitive: true, aqSome: false });
  });

  it('checks the max score like spec/2 §5', () => {
    expect(maxScoreProblem('')).toBe('required');
    expect(maxScoreProblem('1a')).toBe('invalid');
    expect(maxScoreProblem('0')).toBe('outOfSize');
    expect(maxScoreProblem('1000')).toBe('outOfSize');
    expect(maxScoreProblem('999')).toBeNull();
  });
});
