import { describe, expect, it } from 'vitest';
import { answerDeletion, codesOf, contentFrom, emptyContent, flagsFrom, harmonisedRatings, maxScoreProblem, newAnswer, taskFromStored, toStored, type EditorAnswer, type EditorTask } from './model';

const task = (): EditorTask => ({
  type: 3,
  maxScore: '10',
  flags: flagsFrom(3, ''),
  contents: { 1: emptyContent(), 2: emptyContent() },
  visible: { 1: 1, 2: 1 },
  answers: [],
});

describe('task editor model', () => {
  it('loads the answers of every language side by side with their ratings', () => {
    const t = taskFromStored({
      type: 3,
      maxScore: '10',
      globals: JSON.stringify({ ratings: [100, 0] }),
      list: [
        { lang_id: 1, content: JSON.stringify({ content: '<p>Q</p>', answer_list: [{ answer: 'a', feedback: 'fa' }, { answer: 'b' }] }), visible: 1 },
        { lang_id: 2, content: JSON.stringify({ content: '<p>O</p>', answer_list: [{ answer: 'x' }, { answer: 'y' }] }), visible: 0 },
      ],
    });
    expect(t.answers).toEqual([
      { status: 0, rating: 100, texts: { 1: { answer: 'a', feedback: 'fa' }, 2: { answer: 'x', feedback: '' } } },
      { status: 0, rating: 0, texts: { 1: { answer: 'b', feedback: '' }, 2: { answer: 'y', feedback: '' } } },
    ]);
    expect(t.visible).toEqual({ 1: 1, 2: 0 });
    expect(t.contents[1]!.content).toBe('<p>Q</p>');
  });

  it('adds answers in every language at once; the first new answer rates 100', () => {
    const first = newAnswer([]);
    expect(first).toEqual({ status: 1, rating: 100, texts: {} });
    expect(newAnswer([first]).rating).toBe(0);
  });

  it('deletes a new answer outright, marks an existing one 2 and drops it from the save, never the first', () => {
    const loaded: EditorTask = {
      ...task(),
      contents: { 1: contentFrom(3, JSON.stringify({ content: '<p>Q</p>' })).content, 2: contentFrom(3, JSON.stringify({ content: '<p>O</p>' })).content },
      answers: ['a', 'b', 'c'].map((answer, i) => ({ status: 0, rating: i === 0 ? 100 : 0, texts: { 1: { answer, feedback: '' }, 2: { answer: `${answer}-sk`, feedback: '' } } })),
    };
    expect(answerDeletion(loaded.answers, 0)).toBe('none');
    expect(answerDeletion(loaded.answers, 1)).toBe('mark');
    expect(answerDeletion([...loaded.answers, newAnswer(loaded.answers)], 3)).toBe('remove');
    const marked = { ...loaded, answers: loaded.answers.map((a, i) => (i === 1 ? { ...a, status: 2 } : a)) };
    const stored = toStored(marked);
    expect(JSON.parse(stored.contents[2]!)).toEqual({ content: '<p>O</p>', help: '', answer_list: [{ answer: 'a-sk', feedback: '' }, { answer: 'c-sk', feedback: '' }] });
    expect(JSON.parse(stored.globals).ratings).toEqual([100, 0]);
  });

  it('harmonises the live ratings only', () => {
    const answers: EditorAnswer[] = [50, 0, 20].map((rating, i) => ({ status: i === 1 ? 2 : 0, rating, texts: {} }));
    expect(harmonisedRatings(answers.map((a) => ({ ...a, status: 0 })))).toEqual([50, -100, 50]);
    expect(harmonisedRatings(answers)[1]).toBe(0);
  });

  it('keeps an untranslated language empty and a partly written one complete', () => {
    const t: EditorTask = { ...task(), answers: [{ status: 1, rating: 100, texts: { 1: { answer: 'yes', feedback: '' } } }], contents: { 1: { ...emptyContent(), content: '<p>Q</p>' }, 2: emptyContent(), 3: { content: '<p>Otázka</p>' } as EditorTask['contents'][string] } };
    const stored = toStored(t);
    expect(stored.contents[2]).toBe('');
    expect(JSON.parse(stored.contents[3]!)).toEqual({ content: '<p>Otázka</p>', help: '', answer_list: [{ answer: '', feedback: '' }] });
  });

  it('stores types 5-7 and the flags with the spec defaults', () => {
    expect(flagsFrom(5, '')).toMatchObject({ ignoreSpace: true, caseSensitive: true, aqSome: false });
    expect(flagsFrom(2, '')).toMatchObject({ ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
    const t: EditorTask = { type: 7, maxScore: '10', flags: flagsFrom(7, ''), contents: { 1: { ...emptyContent(), content: '<p>Order</p>', code: 'a < b\n\nprint(x)' } }, visible: { 1: 1 }, answers: [] };
    expect(JSON.parse(toStored(t).contents[1]!)).toEqual({ content: '<p>Order</p>', help: '', code: 'a < b\n\nprint(x)', codes: ['<pre>a &lt; b</pre>', '<pre>print(x)</pre>'] });
    expect(codesOf('x\n  \ny')).toEqual(['<pre>x</pre>', '<pre>y</pre>']);
    const six: EditorTask = { type: 6, maxScore: '10', flags: flagsFrom(6, ''), contents: { 1: { ...emptyContent(), content: '§§a§§', fakes: ['b'] } }, visible: { 1: 1 }, answers: [] };
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
