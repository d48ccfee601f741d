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

describe('message order', () => {
  it('shows the newest message first', async () => {
    const { newestFirst } = await import('./message-excerpt');
    const list = [
      { message_id: 1, date: '2026-11-20 08:00:00' },
      { message_id: 3, date: '2026-11-22 09:30:00' },
      { message_id: 2, date: '2026-11-22 09:30:00' },
      { message_id: 4, date: '2026-11-21 10:00:00' },
    ];
    expect(newestFirst(list).map((m) => m.message_id)).toEqual([3, 2, 4, 1]);
    expect(list[0]!.message_id).toBe(1);
  });
});
