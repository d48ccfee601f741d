import { describe, expect, it } from 'vitest';
import { chapterToFinish } from './unlock-hint';

describe('unlock hint', () => {
  const chapters = [
    { chapter_name: 'Getting started', active: true },
    { chapter_name: 'Loops', active: false },
    { chapter_name: 'Functions', active: false },
  ];
  it('names the chapter before a locked one', () => {
    expect(chapterToFinish(chapters, 1)).toBe('Getting started');
    expect(chapterToFinish(chapters, 2)).toBe('Loops');
  });
  it('gives no hint for open chapters', () => {
    expect(chapterToFinish(chapters, 0)).toBeNull();
  });
});
