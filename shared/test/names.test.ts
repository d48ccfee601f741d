import { describe, expect, it } from 'vitest';
import { catalogueNameFits, distinctName, distinctNames, firstGrapheme, graphemes } from '../src/rules/names';
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

describe('distinctName (issue 20 item 14: an imported course beside its original)', () => {
  it('keeps a free name and numbers a taken one with the first free number', () => {
    expect(distinctName('Python basics', ['Java'])).toBe('Python basics');
    expect(distinctName('Python basics', ['Python basics'])).toBe('Python basics (2)');
    expect(distinctName('Python basics', ['python basics ', 'Python basics (2)'])).toBe('Python basics (3)');
    expect(distinctName('Python basics (2)', ['Python basics', 'Python basics (2)'])).toBe('Python basics (3)');
  });
  it('stays within 100 characters', () => {
    const long = 'x'.repeat(100);
    const named = distinctName(long, [long]);
    expect(named).toBe(`${'x'.repeat(96)} (2)`);
    expect(catalogueNameFits(named)).toBe(true);
  });
  it('checks each language against the same language of the other courses', () => {
    const others: Array<Record<string, string> | undefined> = [{ '1': 'Python basics', '2': 'Základy Pythonu' }, { '1': 'Python basics (2)' }, undefined];
    expect(distinctNames({ '1': 'Python basics', '2': 'Základy Pythonu', '3': 'Základy Pythonu', '4': '' }, others)).toEqual({
      '1': 'Python basics (3)',
      '2': 'Základy Pythonu (2)',
      '3': 'Základy Pythonu',
      '4': '',
    });
  });
});
