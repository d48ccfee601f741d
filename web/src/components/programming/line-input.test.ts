import { describe, expect, it } from 'vitest';
import { LineInput } from './line-input';

describe('terminal input line', () => {
  it('echoes typing and sends a line on Enter', () => {
    const line = new LineInput();
    expect(line.feed('4')).toEqual({ echo: '4', lines: [] });
    expect(line.feed('2\r')).toEqual({ echo: '2\r\n', lines: ['42\n'] });
    expect(line.pending).toBe('');
  });
  it('never deletes past the locked prefix', () => {
    const line = new LineInput();
    line.feed('ab');
    expect(line.feed('\x7f\x7f\x7f').echo).toBe('\b \b\b \b');
    expect(line.pending).toBe('');
  });
  it('ignores arrow keys and splits pasted lines', () => {
    const line = new LineInput();
    expect(line.feed('\x1b[D\x1b[Hx').echo).toBe('x');
    expect(line.feed('1\r\n2\n').lines).toEqual(['x1\n', '2\n']);
  });
});
