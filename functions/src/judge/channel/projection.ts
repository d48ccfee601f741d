/**
 * Stream projection of the DynamoDB judge channel: every new `O#n` item of `JUDGEIO#{ticket}` becomes the
 * `judge.output` or `judge.monitor` message the pipes channel would have sent on `judge:{ticket}`, and `END`
 * becomes 'retrieve:' then 'close:'. Input and stop items are not published (only the job reads them).
 */
import { topics } from '@lectio/events';
import { publish } from '../../platform/ws/publish';
import { judgeKeys } from '../keys';

type Image = Record<string, unknown>;
import { CHANNEL_ITEM, type JudgeMessage } from './channel';

/** Pure: the messages one inserted channel item means. */
export function channelMessages(eventName: string | undefined, item: Image | undefined): JudgeMessage[] {
  if (eventName !== 'INSERT' || !item || item.type !== CHANNEL_ITEM) return [];
  const ticket = judgeKeys.ticketOfChannel(String(item.pk ?? ''));
  const at = judgeKeys.channel.kindOf(String(item.sk ?? ''));
  if (ticket === null) return [];
  const topic = topics.judge(ticket);
  const text = String(item.text ?? '');
  if (at.kind === 'end') {
    return ['retrieve:', 'close:'].map((message) => ({ type: 'judge.monitor', topic, ticket, message }));
  }
  if (at.kind !== 'output') return [];
  if (item.kind === 'monitor') return [{ type: 'judge.monitor', topic, ticket, message: text }];
  if (!text) return [];
  return [{ type: 'judge.output', topic, ticket, text, ...(typeof item.at === 'number' ? { at: item.at } : {}) }];
}

export async function projectJudgeChannel(eventName: string | undefined, item: Image | undefined): Promise<void> {
  for (const message of channelMessages(eventName, item)) await publish(message.topic, message);
}
