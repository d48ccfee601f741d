/**
 * The AWS path of interactive judge runs, end to end against DynamoDB Local: the local cloud with
 * JUDGE_CHANNEL=dynamodb runs each job as the runner Lambda does (runOverChannel + the DynamoDB channel), the
 * WebSocket `judge.input` writes input items, /vpl-stop a stop item, and output reaches the browser only
 * through `O#n` items and the table-stream projection. Also: nobody but the owner writes into or reads a
 * ticket's channel, and input is bounded per message and per run.
 */
import WebSocket from 'ws';
import { judgeOutputInOrder } from '@lectio/events';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerTasks, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let teacher: string;
let taskId: number;
let doc: DynamoDBDocumentClient;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const files = (name: string, content: string) => JSON.stringify([{ filename: name, filecontent: content }]);

type Message = Record<string, unknown>;
async function socket(token: string) {
  const ws = new WebSocket(`${cloud.url.replace('http', 'ws')}/ws?token=${token}`);
  const messages: Message[] = [];
  const waiters: Array<{ pred: (m: Message[]) => boolean; resolve: () => void }> = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Message);
    for (const w of [...waiters]) {
      if (!w.pred(messages)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  /** Waits until the messages so far satisfy `pred`. */
  const until = (pred: (m: Message[]) => boolean, ms = 20_000) =>
    pred(messages)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ pred, resolve });
          setTimeout(() => reject(new Error(`not within ${ms} ms; got ${JSON.stringify(messages).slice(0, 2000)}`)), ms);
        });
  // what a terminal shows: the texts put in order by their offsets (a late subscriber's catch-up overlaps)
  const output = () => {
    const inOrder = judgeOutputInOrder();
    return messages
      .filter((m) => m.type === 'judge.output')
      .map((m) => inOrder(String(m.text), m.at as number | undefined))
      .join('');
  };
  return { ws, messages, until, output, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

const channelItems = async (ticket: string) =>
  (await doc.send(new QueryCommand({ TableName: cloud.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `JUDGEIO#${ticket}` }, ConsistentRead: true })))
    .Items ?? [];

beforeAll(async () => {
  process.env.JUDGE_CHANNEL = 'dynamodb';
  cloud = await startTestCloud('demo');
  doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: cloud.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  [student, teacher] = await Promise.all([cloud.login('student@example.com', 'student-demo'), cloud.login('teacher@example.com', 'teacher-demo')]);
  taskId = (await learnerTasks(cloud, student, cloud.seed.demoCourseId!)).find((t) => t.task_type_id === 8)!.task_id;
}, 90_000);
afterAll(async () => {
  delete process.env.JUDGE_CHANNEL;
  doc?.destroy();
  await cloud?.stop();
});

describe('judge over the DynamoDB channel (the AWS path)', { timeout: 60_000 }, () => {
  it('interactive Python: the prompt streams before any input, typed lines reach stdin, output comes back live', async () => {
    const ws = await socket(student);
    const program = "name = input('name? ')\nprint('hello', name)\nn = int(input('n? '))\nprint('double', n * 2)\n";
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', program) }, student);
    expect(res.status).toBe(200);
    const ticket = res.body.adminticket as string;
    ws.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await ws.until((m) => m.some((x) => x.type === 'subscribed'));
    // live: the first prompt arrives while the program waits for input
    await ws.until(() => ws.output().includes('name? '));
    expect(ws.messages.some((m) => m.type === 'judge.monitor' && m.message === 'run:terminal')).toBe(true);
    ws.send({ action: 'judge.input', ticket, text: 'Ada\n' });
    await ws.until(() => ws.output().includes('n? '));
    expect(ws.output()).toContain('hello Ada');
    ws.send({ action: 'judge.input', ticket, text: '21\n' });
    await ws.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'close:'));
    expect(ws.output()).toContain('double 42');
    const monitor = ws.messages.filter((m) => m.type === 'judge.monitor').map((m) => m.message);
    expect(monitor.slice(-2)).toEqual(['retrieve:', 'close:']);
    // 'retrieve:' comes after the last output (same partition, stream order)
    const lastOutput = ws.messages.map((m) => m.type).lastIndexOf('judge.output');
    expect(lastOutput).toBeLessThan(ws.messages.findIndex((m) => m.message === 'retrieve:'));
    const result = await post('/vpl-get-result', { adminticket: ticket }, student);
    expect(result.body.execution).toContain('double 42');

    // everything went through the table: two input items, numbered output items with a TTL, the end
    const items = await channelItems(ticket);
    const sks = items.map((i) => String(i.sk));
    expect(sks.filter((s) => s.startsWith('I#'))).toEqual(['I#000001', 'I#000002']);
    expect(items.find((i) => i.sk === 'I#000001')?.text).toBe('Ada\n');
    expect(sks.filter((s) => s.startsWith('O#')).length).toBeGreaterThan(1);
    expect(sks).toContain('END');
    const now = Date.now() / 1000;
    for (const item of items) expect(Number(item.ttl)).toBeGreaterThan(now + 3000);
    // input after the end is refused
    ws.send({ action: 'judge.input', ticket, text: 'late\n' });
    await ws.until((m) => m.some((x) => x.type === 'error' && x.message === 'Unknown ticket.'));
    ws.ws.close();
  });

  it('a connection subscribing after the prompt was published gets run:terminal and the output so far from the table', async () => {
    const early = await socket(student);
    const program = "name = input('name? ')\nprint('hello', name)\n";
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', program) }, student);
    const ticket = res.body.adminticket as string;
    early.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await early.until(() => early.output().includes('name? '));
    const late = await socket(student);
    late.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await late.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'run:terminal'));
    await late.until(() => late.output() === 'name? ');
    expect(late.messages.find((m) => m.type === 'judge.output')).toMatchObject({ at: 0 });
    late.send({ action: 'judge.input', ticket, text: 'Ada\n' });
    await late.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'close:'));
    await early.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'close:'));
    expect(late.output()).toBe('name? hello Ada\r\n');
    expect(early.output()).toBe('name? hello Ada\r\n');
    early.ws.close();
    late.ws.close();
  });

  it('stop reaches the running program through the channel: ----- interrupted by user -----', async () => {
    const ws = await socket(student);
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', "print('waiting', flush=True)\nimport time\nwhile True: time.sleep(1)\n") }, student);
    const ticket = res.body.adminticket as string;
    ws.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await ws.until(() => ws.output().includes('waiting'));
    const started = Date.now();
    expect((await post('/vpl-stop', { adminticket: ticket }, student)).status).toBe(200);
    await ws.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'close:'));
    expect(Date.now() - started).toBeLessThan(5000);
    const result = await post('/vpl-get-result', { adminticket: ticket }, student);
    expect(result.body.execution).toContain('----- interrupted by user -----');
    expect((await channelItems(ticket)).map((i) => i.sk)).toContain('I#STOP');
    ws.ws.close();
  });

  it('a second user can neither write into nor read a foreign ticket’s channel; input is bounded per run', async () => {
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', "import sys\nprint('total', sum(len(sys.stdin.readline()) for _ in range(60)))\n") }, student);
    const ticket = res.body.adminticket as string;
    const owner = await socket(student);
    owner.send({ action: 'subscribe', topic: `judge:${ticket}` });
    const other = await socket(teacher);
    other.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await other.until((m) => m.some((x) => x.type === 'error' && x.message === 'Forbidden topic.'));
    other.send({ action: 'judge.input', ticket, text: 'intruder\n' });
    await other.until((m) => m.some((x) => x.type === 'error' && x.message === 'Unknown ticket.'));
    expect((await post('/vpl-stop', { adminticket: ticket }, teacher)).status).toBe(404);
    // nothing of the intruder's reached the table
    expect((await channelItems(ticket)).filter((i) => String(i.sk).startsWith('I#'))).toEqual([]);

    // the owner: 6 × 10 000 characters fit in the run's 64 000, the 7th does not
    const block = `${'x'.repeat(999)}\n`.repeat(10);
    for (let i = 0; i < 7; i++) owner.send({ action: 'judge.input', ticket, text: block });
    await owner.until((m) => m.some((x) => x.type === 'error' && x.message === 'Unknown ticket.'));
    const counter = (await doc.send(new GetCommand({ TableName: cloud.tableName, Key: { pk: `JUDGEIO#${ticket}`, sk: 'IN' }, ConsistentRead: true }))).Item;
    expect(counter).toMatchObject({ n: 6, chars: 60_000 });
    await owner.until((m) => m.some((x) => x.type === 'judge.monitor' && x.message === 'close:'), 30_000);
    // the program's stdin got the 60 000 characters, and only the owner saw anything of the run
    expect(owner.output()).toContain('total 60000');
    expect(other.messages.filter((m) => m.type === 'judge.output' || m.type === 'judge.monitor')).toEqual([]);
    owner.ws.close();
    other.ws.close();
  });
});
