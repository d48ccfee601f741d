/**
 * The demo's messages (issue 23 item 5): one message of each type (1 success, 2 info, 3 warning,
 * 4 error) in English and Slovak, written by the demo admin and sent to the demo class until a year
 * from now (one item a message for the class, as a send writes). The admin teaches the class, so it is in the admin's send list. A few batch writes.
 */
import { formatSpecTime } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { addToCounter } from '../platform/db/operations';
import { keys } from '../platform/db/keys';
import { addRelationRecord } from '../groups';
import { messageKeys } from '../messages/keys';
import { MESSAGE_ID_BASE } from '../messages/admin';
import { groupMessageItems } from '../messages/group-messages';

const texts: Array<{ type: number; en: [string, string]; sk: [string, string] }> = [
  { type: 1, en: ['Well done, Class 1.A', '<p>Most of you have finished the <strong>first chapter</strong>. Keep going!</p>'], sk: ['Výborne, trieda 1.A', '<p>Väčšina z vás dokončila <strong>prvú kapitolu</strong>. Len tak ďalej!</p>'] },
  { type: 2, en: ['New chapter next week', '<p>The chapter on <em>loops</em> opens on Monday.</p>'], sk: ['Nová kapitola budúci týždeň', '<p>Kapitola o <em>cykloch</em> sa otvára v pondelok.</p>'] },
  { type: 3, en: ['Revision deadline', '<p>Finish the revision before Friday: it closes at midnight.</p>'], sk: ['Termín opakovania', '<p>Dokončite opakovanie do piatku: zatvára sa o polnoci.</p>'] },
  { type: 4, en: ['Server maintenance', '<p>Lectio is offline on Sunday from 6:00 to 8:00 UTC.</p>'], sk: ['Údržba servera', '<p>Lectio je v nedeľu od 6:00 do 8:00 UTC nedostupné.</p>'] },
];

export async function seedDemoMessages(adminId: number, groupId: number): Promise<void> {
  await addRelationRecord({ group_id: groupId, user_id: adminId, role: 'teacher', by_key: false });
  const lastId = await addToCounter(keys.counter('message'), 'value', texts.length);
  const lastEntry = await addToCounter(keys.counter('message_entry'), 'value', texts.length * 2);
  const now = Date.now();
  const items = texts.flatMap((t, i) => {
    const id = MESSAGE_ID_BASE + lastId - texts.length + 1 + i;
    const entry = (lang: 1 | 2, [title, description]: [string, string], n: number) => ({
      ...messageKeys.entry(id, lang),
      type: 'message-entry',
      id: lastEntry - texts.length * 2 + 1 + n,
      message_id: id,
      language_id: lang,
      title,
      description,
    });
    return [
      { ...messageKeys.definition(id), type: 'message-def', id, message_type_id: t.type, title: t.en[0], last_used_at: formatSpecTime(now), owner_id: adminId },
      entry(1, t.en, 2 * i),
      entry(2, t.sk, 2 * i + 1),
      ...groupMessageItems([groupId], { id, type: t.type, title: t.en[0] }, { now, finishAt: now + 365 * 86_400_000, date: formatSpecTime(now - (texts.length - i) * 60_000) }),
    ];
  });
  await batchPut(items);
}
