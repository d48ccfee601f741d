/** The essay and GenAI rules (types 16, 17; spec/3 §5): what may be saved, the attempt's length, the learner's view. */
import { describe, expect, it } from 'vitest';
import { answerLength, isEmptyAnswer, learnerContent, readEssayAnswer, reviewRating, shouldSaveAnswer } from '../src/index';

const exchange = (prompt = '', reply = '', reflection = '') => ({ prompt, reply, reflection });

describe('essay and GenAI answers', () => {
  it('reads an essay as JSON text of its HTML and a dialogue as 1-10 exchanges', () => {
    expect(readEssayAnswer(16, JSON.stringify('<p>Hi</p>'))).toEqual({ type: 16, html: '<p>Hi</p>' });
    expect(readEssayAnswer(16, 'not json')).toBeNull();
    expect(readEssayAnswer(17, JSON.stringify([exchange('a')]))).toEqual({ type: 17, exchanges: [exchange('a')] });
    expect(readEssayAnswer(17, '[]')).toBeNull();
    expect(readEssayAnswer(17, JSON.stringify(Array.from({ length: 11 }, () => exchange('a'))))).toBeNull();
  });

  it('is empty without visible text (an image counts); a dialogue when every field is blank', () => {
    expect(isEmptyAnswer({ type: 16, html: '<p> &nbsp; </p><p></p>' })).toBe(true);
    expect(isEmptyAnswer({ type: 16, html: '<p><img src="data:image/png;base64,AA"></p>' })).toBe(false);
    expect(isEmptyAnswer({ type: 17, exchanges: [exchange(' ', '', '\n')] })).toBe(true);
    expect(isEmptyAnswer({ type: 17, exchanges: [exchange(), exchange('', '', 'x')] })).toBe(false);
  });

  it('is saved only when not empty, changed since the last save and not locked', () => {
    const answer = { type: 16 as const, html: '<p>One</p>' };
    expect(shouldSaveAnswer(answer, null, false)).toBe(true);
    expect(shouldSaveAnswer(answer, JSON.stringify('<p>One</p>'), false)).toBe(false);
    expect(shouldSaveAnswer(answer, JSON.stringify('<p>Two</p>'), true)).toBe(false);
  });

  it('measures the visible text and turns the teacher score into a rating', () => {
    expect(answerLength({ type: 16, html: '<p>Tests <b>catch</b> bugs.</p>' })).toBe(17);
    expect(answerLength({ type: 17, exchanges: [exchange('ab', 'c', ' d ')] })).toBe(4);
    expect(reviewRating(7, 10)).toBe(70);
    expect(reviewRating(2, 3)).toBe(66.67);
    expect(reviewRating(12, 10)).toBe(100);
  });

  it('shows the learner the assignment, and the help only once earned', () => {
    const content = JSON.stringify({ content: '<p>Write.</p>', help: '<p>HELP</p>' });
    expect(JSON.parse(learnerContent({ type: 16, content, seed: 1, helpEarned: false }))).toEqual({ content: '<p>Write.</p>', help: '' });
    expect(JSON.parse(learnerContent({ type: 17, content, seed: 1, helpEarned: true })).help).toBe('<p>HELP</p>');
  });
});
