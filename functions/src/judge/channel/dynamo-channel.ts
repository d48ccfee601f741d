/**
 * The DynamoDB terminal channel of a judge job (one partition per ticket, `JUDGEIO#{ticket}`, every item
 * with a one-hour TTL):
 *
 *   IN       input counter: `n` (last input number) and `chars` (input so far, ≤ inputPerRun)
 *   I#000001 typed text, in order            ← WebSocket `judge.input` (owner checked before)
 *   I#STOP   stop asked for                   ← /vpl-stop (owner checked before)
 *   O#000001 output or monitor text, in order ← the job (runner Lambda); output with `at`, its offset
 *   END      the result is stored             ← completeJob
 *
 * The job polls `I#{next}` … `I#~` (one Query returns new input and the stop item) and writes `O#n`; the
 * stream projection (projection.ts) publishes every `O#n` and `END` on `judge:{ticket}` as the same
 * `judge.output` / `judge.monitor` messages the pipes channel sends. Items of one partition reach the stream
 * in write order, so 'retrieve:'/'close:' come after the last output. A client subscribing late reads the
 * `O#` items it missed (`catchUp`).
 */
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../platform/db/client';
import { queryAll } from '../../platform/db/operations';
import { nowSeconds } from '../../platform/db/keys';
import { judgeKeys } from '../keys';
import { logger } from '../../platform/http/logger';
import { CHANNEL_ITEM, CHANNEL_LIMITS, type JobLink, type JudgeChannel, type JudgeMessage } from './channel';
import { channelMessages } from './projection';
const ttl = () => nowSeconds() + CHANNEL_LIMITS.ttlSeconds;
const conditionFailed = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

type Key = { pk: string; sk: string };

async function put(key: Key, fields: Record<string, unknown>, client: Pick<DynamoDBDocumentClient, 'send'> = db) {
  await client.send(new PutCommand({ TableName: table(), Item: { ...key, type: CHANNEL_ITEM, ...fields, ttl: ttl() } }));
}

/** Input typed by the ticket's owner (checked by the caller): numbered, bounded per message and per run. */
export async function writeInput(ticket: string, text: string): Promise<boolean> {
  if (!text || text.length > CHANNEL_LIMITS.inputPerMessage) return false;
  let n: number;
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: judgeKeys.channel.inputCounter(ticket),
        UpdateExpression: 'ADD n :one, chars :len SET #type = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(chars) OR chars <= :room',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':len': text.length, ':room': CHANNEL_LIMITS.inputPerRun - text.length, ':type': CHANNEL_ITEM, ':ttl': ttl() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    n = Number(out.Attributes?.n);
  } catch (e) {
    if (conditionFailed(e)) return false;
    throw e;
  }
  await put(judgeKeys.channel.input(ticket, n), { text });
  return true;
}

export async function writeStop(ticket: string) {
  await put(judgeKeys.channel.stop(ticket), {});
}

export async function writeEnd(ticket: string) {
  await put(judgeKeys.channel.end(ticket), { kind: 'end' });
}

export const dynamoChannel: JudgeChannel = {
  kind: 'dynamodb',
  input: writeInput,
  stop: async (ticket) => {
    await writeStop(ticket);
    return true;
  },
  end: writeEnd,
  catchUp: channelCatchUp,
};

/**
 * The channel's output items so far (consistent reads, every page; at most `outputPerRun` characters), as the
 * stream projection publishes them: each output with its offset, and 'run:terminal' once written. Read after
 * the subscription is stored, so an item is either here or published to the new subscriber by the stream
 * projection, or both. An output item without an offset (written before offsets) is left out: the client could
 * not tell it from the live one.
 */
async function channelCatchUp(ticket: string): Promise<JudgeMessage[]> {
  const range = judgeKeys.channel.outputs(ticket);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
    ConsistentRead: true,
  });
  return items
    .flatMap((item) => channelMessages('INSERT', item))
    .filter((m) => (m.type === 'judge.output' ? m.at !== undefined : m.message === 'run:terminal'));
}

/**
 * The job's end: polls input in number order (a missing number is waited for `gapMs`, then skipped) and
 * writes output/monitor text as numbered items, batched every `batchMs` while a write is in flight, and at
 * most `outputPerRun` characters per run.
 */
export function dynamoJobLink(ticket: string, client: Pick<DynamoDBDocumentClient, 'send'> = db): JobLink {
  let next = 1;
  let gapSince = 0;
  let outN = 0;
  let written = 0;
  /** Offset of the next output item's text in the run's output. */
  let outputAt = 0;
  let cut = false;
  let pending: Array<{ kind: 'output' | 'monitor'; text: string }> = [];
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const write = (kind: 'output' | 'monitor', text: string) => {
    const at = kind === 'output' ? { at: outputAt } : {};
    if (kind === 'output') outputAt += text.length;
    return put(judgeKeys.channel.output(ticket, ++outN), { kind, text, ...at }, client).catch((e: unknown) =>
      logger.warn('judge channel write failed', { ticket, error: String(e) }),
    );
  };

  const flush = () => {
    timer = null;
    const batch = pending;
    pending = [];
    chain = chain.then(async () => {
      for (const { kind, text } of batch) {
        for (let i = 0; i < text.length; i += CHANNEL_LIMITS.chunk) await write(kind, text.slice(i, i + CHANNEL_LIMITS.chunk));
      }
    });
  };
  const add = (kind: 'output' | 'monitor', text: string) => {
    if (cut || !text) return;
    if (written + text.length > CHANNEL_LIMITS.outputPerRun) {
      cut = true;
      text = `${text.slice(0, Math.max(0, CHANNEL_LIMITS.outputPerRun - written))}\n… (output cut) …\n`;
    }
    written += text.length;
    const last = pending[pending.length - 1];
    if (last && last.kind === 'output' && kind === 'output') last.text += text;
    else pending.push({ kind, text });
    timer ??= setTimeout(flush, CHANNEL_LIMITS.batchMs);
  };

  return {
    async poll() {
      const range = judgeKeys.channel.inputsFrom(ticket, next);
      const out = await client.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
          ConsistentRead: true,
          Limit: 100,
        }),
      );
      const items = (out.Items ?? []).map((item) => ({ item, at: judgeKeys.channel.kindOf(String(item.sk)) }));
      const stop = items.some(({ at }) => at.kind === 'stop');
      const input: string[] = [];
      for (const { item, at } of items) {
        if (at.kind !== 'input') continue;
        const n = at.n;
        if (n !== next) {
          // an earlier number is not written yet: wait a little for it, then go on without it
          if (!gapSince) gapSince = Date.now();
          if (Date.now() - gapSince < CHANNEL_LIMITS.gapMs) break;
        }
        gapSince = 0;
        input.push(String(item.text ?? ''));
        next = n + 1;
      }
      return { input, stop };
    },
    output: (text) => add('output', text),
    monitor: (message) => add('monitor', message),
    async close() {
      if (timer) clearTimeout(timer);
      flush();
      await chain;
    },
  };
}
