import { describe, expect, it } from 'vitest';
import { allLangList, mergeTexts, nextOrder, requireName } from './texts';

describe('mergeTexts', () => {
  it('keeps the languages that were not sent and trims the sent ones', () => {
    // Prepare
    const stored = { '1': 'Maths', '2': 'Matematika' };
    // Act
    const merged = mergeTexts(stored, [{ lang_id: 2, content: '  Matika ' }, { lang_id: 3, content: 'Mathe' }], 'content');
    // Assess
    expect(merged).toEqual({ '1': 'Maths', '2': 'Matika', '3': 'Mathe' });
    expect(stored).toEqual({ '1': 'Maths', '2': 'Matematika' });
  });

  it('leaves a language alone when the field is missing in its entry', () => {
    expect(mergeTexts({ '1': 'About' }, [{ lang_id: 1, content: 'Name' }], 'description')).toEqual({ '1': 'About' });
  });

  it('sanitises the rich-text detail but not names', () => {
    const detail = mergeTexts(undefined, [{ lang_id: 1, detail: '<p>Hi<script>alert(1)</script></p>' }], 'detail');
    expect(detail['1']).toContain('<p>Hi');
    expect(detail['1']).not.toContain('script');
    expect(mergeTexts(undefined, [{ lang_id: 1, content: '<b>x</b>' }], 'content')).toEqual({ '1': '<b>x</b>' });
  });
});

describe('allLangList', () => {
  it('lists every language with a name or description, sorted, with empty texts for the gaps', () => {
    expect(allLangList({ '2': 'B', '1': 'A' }, { '3': 'C' })).toEqual([
      { lang_id: 1, content: 'A', description: '' },
      { lang_id: 2, content: 'B', description: '' },
      { lang_id: 3, content: '', description: 'C' },
    ]);
  });

  it('adds details only when asked', () => {
    expect(allLangList({ '1': 'A' })).toEqual([{ lang_id: 1, content: 'A' }]);
    expect(allLangList({ '1': 'A' }, {}, { '1': '<p>x</p>' })).toEqual([{ lang_id: 1, content: 'A', description: '', detail: '<p>x</p>' }]);
  });
});

describe('nextOrder and requireName', () => {
  it('puts a new item after the last one', () => {
    expect(nextOrder([])).toBe(1);
    expect(nextOrder([3, 7, 5])).toBe(8);
  });

  it('refuses a form without a name in any language', () => {
    expect(() => requireName([{ lang_id: 1, content: '  ' }, { lang_id: 2 }])).toThrow('A name is required in at least one language.');
    expect(() => requireName([{ lang_id: 1, content: '' }, { lang_id: 2, content: 'Név' }])).not.toThrow();
  });
});
