import { describe, expect, it } from 'vitest';
import { isUnread, messageExcerpt, plainText } from './message-excerpt';

describe('message excerpt (spec/1 §9: 30 characters)', () => {
  it('keeps a short text whole and drops the markup', () => {
    expect(messageExcerpt('<p>Exam on <b>Friday</b></p>')).toBe('Exam on Friday');
  });

  it('cuts a long text at 30 characters and marks the cut', () => {
    const excerpt = messageExcerpt('<p>Start with <strong>Python basics</strong>. Read the first chapter.</p>');
    expect(excerpt).toBe('Start with Python basics. Read…');
    expect(excerpt.length).toBeLessThanOrEqual(31);
  });

  it('decodes entities and separates block elements', () => {
    expect(plainText('<p>Tom &amp; Jerry</p><p>next</p>')).toBe('Tom & Jerry next');
  });

  it('does not run scripts or keep their text as markup', () => {
    expect(messageExcerpt('<img src=x onerror="alert(1)">Hello')).toBe('Hello');
  });

  it('treats passed 0 as unread', () => {
    expect(isUnread({ passed: 0 })).toBe(true);
    expect(isUnread({ passed: 1 })).toBe(false);
  });
});
