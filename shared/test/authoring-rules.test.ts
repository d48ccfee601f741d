/** Authoring rules: task intro, picker labels, book pages and the key generator (spec/2 §2.3, §2.7, §9). */
import { describe, expect, it } from 'vitest';
import { BOOK_ERROR, BOOK_GAP, bookPageQuestion, bookPages, bookTaskKind, headerNumber, htmlText, pickerLabel, taskIntro, taskKey } from '../src/rules/authoring';
import { chapterTypeOfIndex, indexOfChapterType } from '../src/api/authoring';

describe('pickerLabel', () => {
  it('keeps 20 characters and adds ... only to longer names', () => {
    expect(pickerLabel('Short name')).toBe('Short name');
    expect(pickerLabel('12345678901234567890')).toBe('12345678901234567890');
    expect(pickerLabel('123456789012345678901')).toBe('12345678901234567890...');
  });
});

describe('taskIntro', () => {
  it('takes the first paragraph of a content page', () => {
    expect(taskIntro(1, '<h2>Variables</h2><p>A variable is a name.</p>')).toBe('Variables');
    expect(taskIntro(1, '<p>First &amp; <b>bold</b></p><p>Second</p>')).toBe('First & bold');
  });
  it('cuts the first paragraph of a question at about 250 characters', () => {
    const long = 'word '.repeat(100).trim();
    const intro = taskIntro(3, JSON.stringify({ content: `<p>${long}</p><p>next</p>`, help: '', answer_list: [] }));
    expect(intro.endsWith('...')).toBe(true);
    expect(intro.length).toBeLessThanOrEqual(253);
    expect(intro.length).toBeGreaterThan(200);
  });
  it('uses title and assignment of programs, cut at about 200 characters', () => {
    const intro = taskIntro(8, JSON.stringify({ title: 'Sum', assignment: `<p>${'x '.repeat(200)}</p>` }));
    expect(intro.startsWith('Sum x x')).toBe(true);
    expect(intro.length).toBeLessThanOrEqual(203);
  });
  it('survives malformed content', () => {
    expect(taskIntro(3, 'not json')).toBe('');
  });
});

describe('book', () => {
  it('labels pages by chapter ranges and rounds the page count up', () => {
    expect(bookPages(45, 20).map((p) => p.label)).toEqual(['1-20', '21-40', '41-45']);
    expect(bookPages(3, 1).map((p) => p.label)).toEqual(['1', '2', '3']);
    expect(bookPages(0, 20)).toEqual([]);
  });
  it('numbers headers and picks the icon kind per task type', () => {
    expect(headerNumber(1, 2, 3)).toBe('1.2.3');
    expect([1, 3, 8, 11, 14, 99].map(bookTaskKind)).toEqual(['reading', 'question', 'program', 'program', 'question', 'error']);
  });
  it('lists the correct answers per task type for the key', () => {
    const choice = JSON.stringify({ content: '<p>Q</p>', help: '', answer_list: [{ answer: 'a', feedback: '' }, { answer: '<b>b</b>', feedback: '' }, { answer: 'c', feedback: '' }] });
    expect(taskKey(4, choice, JSON.stringify({ ratings: [50, 50, -100] }))).toEqual(['a', 'b']);
    expect(taskKey(5, JSON.stringify({ content: 'x = §§1§§ + §§2§§' }), '')).toEqual(['1', '2']);
    expect(taskKey(7, JSON.stringify({ content: '', code: 'a\nb' }), '')).toEqual(['a', 'b']);
    expect(taskKey(8, JSON.stringify({ files: [{ name: 'f.py', aContent: 'print(1)' }] }), '')).toEqual(['f.py:\nprint(1)']);
    expect(taskKey(1, '<p>x</p>', '')).toEqual([]);
    expect(taskKey(42, '', '')).toEqual([BOOK_ERROR]);
    expect(taskKey(3, 'broken', '')).toEqual([BOOK_ERROR]);
  });
  it("prints a question on the book's pages without its answers (spec/2 §2.3: answers only in the key)", () => {
    const short = JSON.stringify({ content: '<p>Capital of France?</p>', help: 'h', answer_list: [{ answer: 'Paris', feedback: '' }, { answer: 'paris', feedback: '' }] });
    expect(bookPageQuestion(2, short, 10)).toEqual({ html: '<p>Capital of France?</p>', options: [], lines: [] });
    expect(JSON.stringify(bookPageQuestion(2, short, 10))).not.toContain('aris');

    const gaps = JSON.stringify({ content: 'x = §§1§§ + §§secret§§', fakes: ['7'] });
    expect(bookPageQuestion(5, gaps, 10)).toEqual({ html: `x = ${BOOK_GAP} + ${BOOK_GAP}`, options: [], lines: [] });
    expect(bookPageQuestion(6, gaps, 10)?.options.sort()).toEqual(['1', '7', 'secret']);

    const choice = JSON.stringify({ content: '<p>Q</p>', answer_list: [{ answer: 'right' }, { answer: 'wrong' }, { answer: 'deleted', status: 2 }] });
    expect(bookPageQuestion(3, choice, 10)?.options.sort()).toEqual(['right', 'wrong']);
    expect(bookPageQuestion(3, 'broken', 10)).toBeNull();
  });
  it("prints reorder lines shuffled, never in the correct order, the same way every time", () => {
    const lines = ['def f(x):', '    y = x * 2', '    return y'];
    for (const [i, content] of [JSON.stringify({ code: lines.join('\n') }), JSON.stringify({ codes: lines })].entries()) {
      for (const id of [1, 2, 3, 17, 404, 9999]) {
        const printed = bookPageQuestion(7, content, id + i)!.lines;
        expect(printed).not.toEqual(lines);
        expect([...printed].sort()).toEqual([...lines].sort());
        expect(bookPageQuestion(7, content, id + i)!.lines).toEqual(printed);
      }
    }
    expect(bookPageQuestion(7, JSON.stringify({ code: 'a\nb' }), 5)!.lines).toEqual(['b', 'a']);
  });
  it('reads HTML as text', () => {
    expect(htmlText('<p>a&lt;b</p>\n<p>c</p>')).toBe('a<b c');
  });
});

describe('chapter type readings', () => {
  it('maps the list index (0 chapter, 1 exercise, 2 competition) to stored ids (1, 3, 2) and back', () => {
    expect([0, 1, 2].map(chapterTypeOfIndex)).toEqual([1, 3, 2]);
    expect([1, 2, 3].map(indexOfChapterType)).toEqual([0, 2, 1]);
  });
});
