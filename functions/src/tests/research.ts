/**
 * The anonymous research export (spec/1 §1): finished answers given with consent, each under a
 * stable pseudonym (an HMAC of the user id with a key derived for it from the server secret), never a name,
 * e-mail or user id.
 */
import { createHmac } from 'node:crypto';
import { derivedKey } from '../platform/config';
import { Invalid } from '../platform/http/errors';
import { testKeys, type TestKind } from './keys';
import { researchPage } from './store';

export async function pseudonymOf(userId: number): Promise<string> {
  return `P-${createHmac('sha256', await derivedKey('research-pseudonym')).update(`research-pseudonym:${userId}`).digest('hex').slice(0, 16)}`;
}

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string, kind: TestKind, testId: number): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const expected = testKeys.researchPartition(kind, testId);
    const fields = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
    if (key.gsi1pk === expected && Object.keys(key).every((k) => fields.includes(k)) && fields.every((f) => typeof key[f] === 'string')) return key;
  } catch {
    // fall through
  }
  throw new Invalid('after: not a cursor of this export', { after: ['Not a cursor of this export'] });
}

export async function researchExport(kind: TestKind, testId: number, limit = 100, after?: string) {
  const page = await researchPage(kind, testId, limit, after ? decodeCursor(after, kind, testId) : undefined);
  const list = await Promise.all(
    page.items
      // The index is sparse, but the rule is checked again on what is read.
      .filter((item) => item.agreement === 1 && item.final === 1)
      .map(async (item) => ({
        pseudonym: await pseudonymOf(item.user_id),
        kind: item.kind,
        test_id: item.test_id,
        test_type: item.test_type,
        answer_id: item.answer_id,
        time_start: item.time_start,
        time_length: item.time_length,
        score: item.score,
        rslt: item.rslt,
        answers: item.answers,
      })),
  );
  return { list, next: page.last ? encodeCursor(page.last) : null };
}
