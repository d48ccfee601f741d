/** What learners are shown (issue 18): hidden everywhere means not played; help that is empty is no help. */
import { describe, expect, it } from 'vitest';
import { hasHelp, shownIn, shownToLearners } from '@lectio/shared';

describe('shownToLearners', () => {
  it('needs a text that is not hidden in some language', () => {
    expect(shownToLearners({ '1': 'Intro', '2': 'Úvod' }, { '1': 0, '2': 1 })).toBe(true);
    expect(shownToLearners({ '1': 'Intro', '2': 'Úvod' }, { '1': 0, '2': 0 })).toBe(false);
    expect(shownToLearners({ '1': 'Intro' }, undefined)).toBe(true);
    // Visible in a language without a text does not count.
    expect(shownToLearners({ '1': 'Intro', '2': ' ' }, { '1': 0, '2': 1 })).toBe(false);
    expect(shownToLearners({}, { '1': 1 })).toBe(false);
    expect(shownToLearners(undefined, undefined)).toBe(false);
  });

  it('shownIn reads one language', () => {
    expect(shownIn({ '2': 'Úvod' }, { '2': 1 }, 2)).toBe(true);
    expect(shownIn({ '2': 'Úvod' }, { '2': 0 }, '2')).toBe(false);
    expect(shownIn({ '2': 'Úvod' }, {}, 1)).toBe(false);
  });
});

describe('hasHelp', () => {
  it('is false for blank help and empty markup, true for text or media', () => {
    for (const empty of [undefined, '', '   ', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>\n<div> </div>']) expect(hasHelp(empty), String(empty)).toBe(false);
    for (const help of ['<p>Use a loop</p>', 'plain text', '<p><img src="data:image/png;base64,AA=="></p>']) expect(hasHelp(help), help).toBe(true);
  });
});
