/** The message excerpt of the messages panel (spec/1 §9): the first 30 characters of the text, without markup. */
import { MESSAGE_EXCERPT_LENGTH } from '@lectio/shared/constants';

/** Plain text of server HTML; DOMParser documents run no scripts and load nothing. */
export function plainText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th)>/gi, ' $&');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

export function messageExcerpt(html: string, length = MESSAGE_EXCERPT_LENGTH): string {
  const text = plainText(html);
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;
}

export const isUnread = (message: { passed: number }) => message.passed === 0;

/** Newest first: by date ('YYYY-MM-DD HH:MM:SS' sorts as text), then by id. */
export const newestFirst = <M extends { date: string; message_id: number }>(messages: M[]): M[] =>
  [...messages].sort((a, b) => (a.date === b.date ? b.message_id - a.message_id : a.date < b.date ? 1 : -1));
