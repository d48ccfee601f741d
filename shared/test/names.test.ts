import { describe, expect, it } from 'vitest';
import { catalogueNameFits, firstGrapheme, graphemes } from '../src/rules/names';
import { categoryForm } from '../src/api/catalogue/schemas';

describe('catalogue names', () => {
  it('take the first grapheme for the avatar, not half an emoji', () => {
    expect(firstGrapheme('🚀 Rockets')).toBe('🚀');
    expect(firstGrapheme('👩‍💻 Coding')).toBe('👩‍💻');
    expect(firstGrapheme('  Python')).toBe('P');
    expect(firstGrapheme('')).toBe('');
  });

  it('count what a reader sees', () => {
    expect(graphemes('e\u0301te\u0301')).toHaveLength(3);
    expect(graphemes('🇸🇰ok')).toHaveLength(3);
  });

  it('fit 2-100 characters (or empty for a language left out)', () => {
    expect(catalogueNameFits('')).toBe(true);
    expect(catalogueNameFits('A')).toBe(false);
    expect(catalogueNameFits('AI')).toBe(true);
    expect(catalogueNameFits('x'.repeat(100))).toBe(true);
    expect(catalogueNameFits('x'.repeat(101))).toBe(false);
    expect(catalogueNameFits('🚀'.repeat(100))).toBe(true);
  });

  it('are checked by the category, area and course forms', () => {
    const form = (content: string) => categoryForm.safeParse({ category_id: 0, color: '#112233', content_list: [{ lang_id: 1, content }] });
    expect(form('Physics').success).toBe(true);
    expect(form('x'.repeat(276)).success).toBe(false);
    const long = form('x'.repeat(150));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ path: ['content_list', 0, 'content'], message: 'A name has 2-100 characters.' });
    expect(form('P').success).toBe(false);
  });
});
