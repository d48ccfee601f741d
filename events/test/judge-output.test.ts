import { describe, expect, it } from 'vitest';
import { judgeOutputInOrder } from '../src/judge-output';

/** Feeds messages [text, at] and answers what the terminal shows. */
const show = (messages: Array<[string, number?]>) => {
  const next = judgeOutputInOrder();
  return messages.map(([text, at]) => next(text, at)).join('');
};

describe('judgeOutputInOrder', () => {
  it('shows live batches as they come', () => {
    expect(
      show([
        ['Chislo ', 0],
        ['n = ', 7],
        ['42\n', 11],
      ]),
    ).toBe('Chislo n = 42\n');
  });

  it('a late subscriber: the catch-up from 0 and live batches it already had overlap without showing twice', () => {
    // the live batch at 7 reached the new subscriber, then the catch-up (0..11) came
    expect(
      show([
        ['n = ', 7],
        ['Chislo n = ', 0],
        ['42\n', 11],
      ]),
    ).toBe('Chislo n = 42\n');
    // the catch-up came first and covers a live batch that then arrives
    expect(
      show([
        ['Chislo n = ', 0],
        ['n = ', 7],
        ['42\n', 11],
      ]),
    ).toBe('Chislo n = 42\n');
    // a batch overlapping the end of what is shown shows only its new part
    expect(
      show([
        ['Chislo n', 0],
        ['n = 4', 7],
        ['42\n', 11],
      ]),
    ).toBe('Chislo n = 42\n');
  });

  it('a batch that comes before the text in front of it waits for it, several in any order', () => {
    const next = judgeOutputInOrder();
    expect(next('c', 2)).toBe('');
    expect(next('b', 1)).toBe('');
    expect(next('a', 0)).toBe('abc');
    expect(next('d', 3)).toBe('d');
  });

  it('messages without an offset are shown as they come (an older server)', () => {
    expect(show([['a'], ['a'], ['b']])).toBe('aab');
  });

  it('the same waiting offset twice keeps the longer text', () => {
    expect(
      show([
        ['bc', 1],
        ['b', 1],
        ['a', 0],
      ]),
    ).toBe('abc');
  });
});
