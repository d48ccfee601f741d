/** Scoring rules of types 2-7 from worked examples (spec/2 §2.8, §5; spec/3 §4, §9). */
import { describe, expect, it } from 'vitest';
import {
  choiceContent,
  choiceGlobals,
  gapContent,
  gapGlobals,
  reorderContent,
  evaluateQuestion,
  harmoniseRatings,
  normalise,
  passes,
  ratingsBalanced,
  readLearnerAnswer,
  resolvedFlags,
  scoreGaps,
  scoreMultipleChoice,
  scoreOf,
  scoreReorder,
  scoreShortAnswer,
  scoreSingleChoice,
  starsOf,
  taskStatus,
  xpForScore,
  coinsForScore,
} from '../src/index';

const choice = (answers: Array<[string, string?]>) =>
  choiceContent.parse({ content: '<p>Q</p>', help: '<p>H</p>', answer_list: answers.map(([answer, feedback]) => ({ answer, feedback: feedback ?? '' })) });

describe('short answer (type 2)', () => {
  const content = choice([['print', 'Yes'], ['3.5', 'Almost']]);
  const globals = choiceGlobals.parse({ ratings: [100, 40] });

  it('is an exact match, case-sensitive by default, with the matched answer\u2019s feedback', () => {
    expect(scoreShortAnswer(content, globals, 'print')).toEqual({ rating: 100, answers: [{ answer: 'print', feedback: 'Yes', rating: 100 }] });
    expect(scoreShortAnswer(content, globals, 'Print').rating).toBe(0);
    expect(scoreShortAnswer(content, globals, '  print ').rating).toBe(100);
    expect(scoreShortAnswer(content, globals, '3.5')).toMatchObject({ rating: 40, answers: [{ feedback: 'Almost' }] });
    expect(scoreShortAnswer(content, globals, 'pri nt').rating).toBe(0);
  });

  it('honours ignoreSpace, ignoreSeparators, caseSensitive and aqSome', () => {
    const loose = choiceGlobals.parse({ ratings: [100, 40], ignoreSpace: true, ignoreSeparators: true, caseSensitive: false });
    expect(scoreShortAnswer(content, loose, 'P r i n t').rating).toBe(100);
    expect(scoreShortAnswer(content, loose, '35').rating).toBe(40); // "3.5" without the separator
    const contains = choiceGlobals.parse({ ratings: [100, 40], aqSome: true });
    expect(scoreShortAnswer(content, contains, 'I would use print here').rating).toBe(100);
    expect(scoreShortAnswer(content, globals, 'I would use print here').rating).toBe(0);
  });

  it('never rates below 0 and ignores deleted answers', () => {
    const c = choiceContent.parse({ answer_list: [{ answer: 'x', feedback: '' }, { answer: 'y', feedback: '', status: 2 }] });
    expect(scoreShortAnswer(c, choiceGlobals.parse({ ratings: [-50, 100] }), 'x').rating).toBe(0);
    expect(scoreShortAnswer(c, choiceGlobals.parse({ ratings: [-50, 100] }), 'y').rating).toBe(0);
  });
});

describe('single choice (type 3)', () => {
  const content = choice([['"42"', 'Quotes'], ['42', 'int'], ['4.2', 'float']]);
  const globals = choiceGlobals.parse({ ratings: [100, 0, 0] });
  it('rates the selected answer; 100 is correct', () => {
    expect(scoreSingleChoice(content, globals, 0)).toEqual({ rating: 100, answers: [{ answer: '"42"', feedback: 'Quotes', rating: 100 }] });
    expect(scoreSingleChoice(content, globals, 2)).toEqual({ rating: 0, answers: [{ answer: '4.2', feedback: 'float', rating: 0 }] });
    expect(scoreSingleChoice(content, globals, undefined)).toEqual({ rating: 0, answers: [] });
    expect(scoreSingleChoice(content, globals, 7)).toEqual({ rating: 0, answers: [] });
  });
});

describe('multiple choice (type 4)', () => {
  const content = choice([['7'], ['-3'], ['0'], ['"5"'], ['2.0']]);
  const globals = choiceGlobals.parse({ ratings: [33.33, 33.33, 33.33, -50, -50] });
  it('sums the selected ratings, rounded, floored at 0', () => {
    expect(scoreMultipleChoice(content, globals, [0, 1, 2]).rating).toBe(100); // 99.99 rounds to 100
    expect(scoreMultipleChoice(content, globals, [0, 1]).rating).toBe(67); // 66.66
    expect(scoreMultipleChoice(content, globals, [0, 3]).rating).toBe(0); // -16.67 floored
    expect(scoreMultipleChoice(content, globals, [0, 1, 2, 3]).rating).toBe(50); // 49.99
    expect(scoreMultipleChoice(content, globals, [1, 1, 1]).rating).toBe(33); // duplicates count once
    expect(scoreMultipleChoice(content, globals, []).rating).toBe(0);
  });
  it('marks each selected answer with its rating', () => {
    expect(scoreMultipleChoice(content, globals, [3, 0]).answers).toEqual([
      { answer: '7', feedback: '', rating: 33.33 },
      { answer: '"5"', feedback: '', rating: -50 },
    ]);
  });
});

describe('gaps (types 5 and 6)', () => {
  const content = gapContent.parse({ content: '<pre>§§if§§ a &gt; b:\n    §§print§§(a)\n§§else§§:\n    pass</pre>' });
  it('scores each gap; ignoreSpaces is on by default for 5-6', () => {
    const g = gapGlobals.parse({});
    expect(resolvedFlags(5, g).ignoreSpace).toBe(true);
    expect(scoreGaps(5, content, g, ['if', 'print', 'else']).rating).toBe(100);
    expect(scoreGaps(5, content, g, ['i f', ' print', 'else ']).rating).toBe(100);
    const two = scoreGaps(5, content, g, ['if', 'Print', 'else']);
    expect(two.rating).toBe(66.67);
    expect(two.answers.map((a) => a.rating)).toEqual([100, 0, 100]);
    expect(scoreGaps(6, content, g, []).rating).toBe(0);
  });
  it('with aqSome the gaps are interchangeable, each hidden text used once', () => {
    const c = gapContent.parse({ content: 'a = §§1§§ + §§2§§' });
    expect(scoreGaps(5, c, gapGlobals.parse({}), ['2', '1']).rating).toBe(0);
    expect(scoreGaps(5, c, gapGlobals.parse({ aqSome: true }), ['2', '1']).rating).toBe(100);
    expect(scoreGaps(5, c, gapGlobals.parse({ aqSome: true }), ['1', '1']).rating).toBe(50);
  });
  it('case sensitivity follows the flag', () => {
    expect(scoreGaps(5, content, gapGlobals.parse({ caseSensitive: false }), ['IF', 'PRINT', 'Else']).rating).toBe(100);
  });
});

describe('reorder lines (type 7)', () => {
  const content = reorderContent.parse({ code: 'name = input()\ngreeting = "Hi " + name\nprint(greeting)' });
  it('counts lines in their right position', () => {
    expect(scoreReorder(content, [0, 1, 2]).rating).toBe(100);
    expect(scoreReorder(content, [1, 0, 2]).rating).toBe(33.33);
    expect(scoreReorder(content, [2, 1, 0]).answers.map((a) => a.rating)).toEqual([0, 100, 0]);
  });
  it('a list that is not a permutation scores 0', () => {
    expect(scoreReorder(content, [0, 0, 0]).rating).toBe(0);
    expect(scoreReorder(content, [0, 1]).rating).toBe(0);
  });
  it('equal lines are interchangeable', () => {
    const c = reorderContent.parse({ codes: ['<p>a</p>', '<p>x</p>', '<p>x</p>'] });
    expect(scoreReorder(c, [0, 2, 1]).rating).toBe(100);
  });
});

describe('answers, score and status', () => {
  it('reads answer_list leniently per type', () => {
    expect(readLearnerAnswer(2, '["print"]')).toEqual({ type: 2, text: 'print' });
    expect(readLearnerAnswer(3, '[2]')).toEqual({ type: 3, selected: 2 });
    expect(readLearnerAnswer(4, '[0, "x", 2, -1, 1.5]')).toEqual({ type: 4, selected: [0, 2] });
    expect(readLearnerAnswer(7, 'not json')).toEqual({ type: 7, order: [] });
    expect(readLearnerAnswer(1, '[]')).toBeNull();
  });
  it('evaluateQuestion dispatches by type', () => {
    const c = choice([['a'], ['b']]);
    expect(evaluateQuestion(3, c, choiceGlobals.parse({ ratings: [0, 100] }), { type: 3, selected: 1 }).rating).toBe(100);
  });
  it('score is the rating as a part of max score; pass at 50', () => {
    expect(scoreOf(66.67, 10)).toBe(6.67);
    expect(scoreOf(-20, 10)).toBe(0);
    expect(scoreOf(100, 0)).toBe(0);
    expect(passes(50)).toBe(true);
    expect(passes(49.99)).toBe(false);
    expect(xpForScore(6.67)).toBe(67);
    expect(coinsForScore(6.67)).toBe(7);
  });
  it('stars are rating / 20 in half steps', () => {
    expect(starsOf(100)).toBe(5);
    expect(starsOf(66.67)).toBe(3.5);
    expect(starsOf(0)).toBe(0);
  });
  it('task status classes of spec/3 §4', () => {
    const base = { task_type_id: 3, max_score: 10, passed: 0, first_time: 1, score: 0 };
    expect(taskStatus(base)).toBe('blank');
    expect(taskStatus({ ...base, first_time: 0 })).toBe('failed');
    expect(taskStatus({ ...base, first_time: 0, score: 5, passed: 1 })).toBe('half');
    expect(taskStatus({ ...base, first_time: 0, score: 10, passed: 1 })).toBe('passed');
    expect(taskStatus({ ...base, task_type_id: 1, max_score: 0, passed: 1 })).toBe('passed');
  });
  it('normalise keeps inner single spaces unless spaces are ignored', () => {
    expect(normalise('  a   b ', { ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false })).toBe('a b');
  });
});

describe('rating editor rules (spec/2 §5)', () => {
  it('harmonise splits 100 among correct and -100 among incorrect, 2 decimals', () => {
    expect(harmoniseRatings([100, 0, 0])).toEqual([100, -50, -50]);
    expect(harmoniseRatings([50, 20, 0, -10, 0, 0])).toEqual([50, 50, -25, -25, -25, -25]);
    expect(harmoniseRatings([10, 10, 10, 0])).toEqual([33.33, 33.33, 33.33, -100]);
  });
  it('the sum colour: type 4 sums to 0, types 2 and 3 have a maximum of 100', () => {
    expect(ratingsBalanced(4, [50, 50, -50, -50])).toBe(true);
    expect(ratingsBalanced(4, [33.33, 33.33, 33.33, -100])).toBe(true);
    expect(ratingsBalanced(4, [100, 0])).toBe(false);
    expect(ratingsBalanced(3, [100, 0, 0])).toBe(true);
    expect(ratingsBalanced(2, [90, 10])).toBe(false);
  });
});
