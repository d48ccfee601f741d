/** The learner's view of a task carries no answer, rating, feedback or unearned help. */
import { describe, expect, it } from 'vitest';
import { learnerContent, learnerOrder, permutation, solutionOf, toStored } from '../src/index';

const choiceText = JSON.stringify({
  content: '<p>Which?</p>',
  help: '<p>HELP-TEXT</p>',
  answer_list: [
    { answer: 'right', feedback: 'FEEDBACK-1' },
    { answer: 'wrong', feedback: 'FEEDBACK-2' },
    { answer: 'gone', feedback: '', status: 2 },
  ],
});

describe('permutation', () => {
  it('is a deterministic permutation per seed that never keeps the stored order', () => {
    for (let seed = 0; seed < 200; seed++) {
      const p = permutation(3, seed);
      expect([...p].sort()).toEqual([0, 1, 2]);
      expect(p).not.toEqual([0, 1, 2]);
      expect(permutation(3, seed)).toEqual(p);
    }
    expect(permutation(1, 5)).toEqual([0]);
    expect(toStored([2, 0, 1], [0, 2, 9, -1])).toEqual([2, 1]);
  });
});

describe('learnerContent', () => {
  it('types 3 and 4: options only, in the learner order, no feedback, no help until earned', () => {
    const view = JSON.parse(learnerContent({ type: 3, content: choiceText, seed: 7, helpEarned: false }));
    expect(view.help).toBe('');
    expect(view.answer_list).toHaveLength(2);
    expect(view.answer_list.every((a: object) => Object.keys(a).join() === 'answer')).toBe(true);
    const order = learnerOrder(3, choiceText, 7);
    expect(view.answer_list.map((a: { answer: string }) => a.answer)).toEqual(order.map((i) => ['right', 'wrong'][i]));
    expect(JSON.parse(learnerContent({ type: 4, content: choiceText, seed: 7, helpEarned: true })).help).toBe('<p>HELP-TEXT</p>');
  });

  it('type 2 sends no accepted answers', () => {
    const view = learnerContent({ type: 2, content: choiceText, seed: 1, helpEarned: false });
    expect(view).not.toMatch(/right|wrong|FEEDBACK|HELP/);
  });

  it('types 5 and 6 replace gaps by placeholders; 6 offers the hidden texts among fakes', () => {
    const text = JSON.stringify({ content: '<pre>§§print§§("x")\n§§input§§()</pre>', help: 'h', fakes: ['read'] });
    const five = JSON.parse(learnerContent({ type: 5, content: text, seed: 3, helpEarned: false }));
    expect(five).toEqual({ content: '<pre><span data-gap="0"></span>("x")\n<span data-gap="1"></span>()</pre>', help: '', gaps: 2 });
    const six = JSON.parse(learnerContent({ type: 6, content: text, seed: 3, helpEarned: false }));
    expect([...six.options].sort()).toEqual(['input', 'print', 'read']);
  });

  it('type 7 sends the lines shuffled and not the code', () => {
    const text = JSON.stringify({ content: '<p>Order</p>', help: '', code: 'a\nb\nc', codes: [] });
    const view = JSON.parse(learnerContent({ type: 7, content: text, seed: 11, helpEarned: false }));
    expect(view.code).toBeUndefined();
    expect(view.codes).toEqual(learnerOrder(7, text, 11).map((i) => ['a', 'b', 'c'][i]));
    expect(view.codes).not.toEqual(['a', 'b', 'c']);
  });
});

describe('solutionOf', () => {
  it('lists the right answers with feedback', () => {
    expect(solutionOf(3, choiceText, [100, 0, 100])).toEqual([{ answer: 'right', feedback: 'FEEDBACK-1' }]);
    expect(solutionOf(5, JSON.stringify({ content: 'x §§a§§ §§b§§' }))).toEqual([{ answer: 'a', feedback: '' }, { answer: 'b', feedback: '' }]);
  });
});

describe('program tasks (types 8-10)', () => {
  const program = JSON.stringify({
    title: 'Sum',
    assignment: '<p>Add two numbers.</p>',
    files: [
      { name: 'sum.py', rContent: '# your code\n', aContent: 'AUTHOR-SOLUTION' },
      { name: 'old.py', rContent: '', aContent: 'OLD', status: 2 },
    ],
    testCases: 'case = HIDDEN-CASE\ninput = 1\noutput = 2\n',
    filesToKeep: [{ name: 'data1.txt', content: 'KEEP-DATA' }],
    configFiles: [{ name: 'correctAnswer.sql', content: 'SELECT SECRET;' }],
    help: '<p>PROGRAM-HELP</p>',
  });
  it('sends the assignment and starting code, never tests, config, keep files or the solution', () => {
    for (const type of [8, 9, 10]) {
      const text = learnerContent({ type, content: program, seed: 1, helpEarned: false });
      const view = JSON.parse(text);
      expect(view).toEqual({ title: 'Sum', assignment: '<p>Add two numbers.</p>', help: '', files: [{ name: 'sum.py', rContent: '# your code\n' }] });
      for (const secret of ['AUTHOR-SOLUTION', 'HIDDEN-CASE', 'KEEP-DATA', 'SECRET', 'PROGRAM-HELP', 'OLD']) expect(text).not.toContain(secret);
    }
    expect(JSON.parse(learnerContent({ type: 8, content: program, seed: 1, helpEarned: true })).help).toBe('<p>PROGRAM-HELP</p>');
  });
  it('shows the author solution per file once the answer was bought', () => {
    expect(solutionOf(8, program)).toEqual([{ answer: 'AUTHOR-SOLUTION', feedback: 'sum.py' }]);
  });
});
