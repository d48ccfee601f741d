/** Minimal RFC 5322 / MIME composition and reading of the mails Lectio writes (UTF-8, base64 parts). */
import { randomBytes } from 'node:crypto';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const encodeWord = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`);
const decodeWords = (s: string) =>
  s.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
const wrap76 = (s: string) => s.replace(/.{1,76}/g, '$&\r\n');

export function composeEml(mail: Mail, sentAt: Date): string {
  const boundary = `lectio-${randomBytes(12).toString('hex')}`;
  const part = (type: string, content: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', wrap76(Buffer.from(content).toString('base64'))].join('\r\n');
  return [
    `From: ${encodeWord(mail.from)}`,
    `To: ${mail.to}`,
    `Subject: ${encodeWord(mail.subject)}`,
    `Date: ${sentAt.toUTCString()}`,
    `Message-ID: <${randomBytes(16).toString('hex')}@lectio.local>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', mail.text),
    part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export function readEml(source: string): ReadMail {
  const [head = '', ...rest] = source.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  const body = rest.join('\r\n\r\n');
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const type = /Content-Type:\s*([^;\r\n]+)/i.exec(partHead)?.[1]?.trim();
      if (type) parts[type] = Buffer.from(partBody.join('').replace(/\s+/g, ''), 'base64').toString('utf8');
    }
  }
  const date = headers.get('date');
  return {
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
    sentAt: date ? new Date(date).toISOString() : '',
  };
}
