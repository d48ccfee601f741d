/**
 * The judge channel's parts without a table: the stream projection's messages, the run loop over a
 * channel (input in order, stop, the deadline, retrieve/close kept back) and the DynamoDB job link's
 * numbering, batching, chunking, output bound and input gaps (document client mocked).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const sent: Array<{ name: string; input: Record<string, any> }> = [];
let queryItems: Array<Record<string, unknown>> = [];
vi.mock('../../platform/db/client', () => ({
  table: () => 't',
  db: {
    send: async (command: { constructor: { name: string }; input: Record<string, any> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command.constructor.name === 'QueryCommand') return { Items: queryItems };
      return {};
    },
  },
}));

const { channelMessages } = await import('./projection');
const { dynamoJobLink } = await import('./dynamo-channel');
const { runOverChannel } = await import('./run-over-channel');
const { CHANNEL_LIMITS } = await import('./channel');

afterEach(() => {
  sent.length = 0;
  queryItems = [];
  vi.useRealTimers();
});

const py = (content: string) => ({ kind: 'run' as const, extension: 'py', submittedFiles: [{ name: 'main.py', content }], keepFiles: [], configFiles: [] });

describe('channel projection', () => {
  const item = (sk: string, extra: Record<string, unknown> = {}) => ({ pk: 'JUDGEIO#abc', sk, type: 'judge-io', ...extra });
  it('publishes output and monitor items and the end on judge:{ticket}', () => {
    expect(channelMessages('INSERT', item('O#000001', { kind: 'output', text: 'hi' }))).toEqual([{ type: 'judge.output', topic: 'judge:abc', ticket: 'abc', text: 'hi' }]);
    expect(channelMessages('INSERT', item('O#000002', { kind: 'monitor', text: 'run:terminal' }))).toEqual([
      { type: 'judge.monitor', topic: 'judge:abc', ticket: 'abc', message: 'run:terminal' },
    ]);
    expect(channelMessages('INSERT', item('O#000003', { kind: 'output', text: 'lo', at: 2 }))).toEqual([
      { type: 'judge.output', topic: 'judge:abc', ticket: 'abc', text: 'lo', at: 2 },
    ]);
    expect(channelMessages('INSERT', item('END', { kind: 'end' })).map((m) => (m as { message: string }).message)).toEqual(['retrieve:', 'close:']);
  });
  it('publishes nothing for input, stop, counters, other items or other events', () => {
    expect(channelMessages('INSERT', item('I#000001', { text: 'secret' }))).toEqual([]);
    expect(channelMessages('INSERT', item('I#STOP'))).toEqual([]);
    expect(channelMessages('MODIFY', item('IN', { n: 1 }))).toEqual([]);
    expect(channelMessages('REMOVE', undefined)).toEqual([]);
    expect(channelMessages('MODIFY', item('O#000001', { kind: 'output', text: 'again' }))).toEqual([]);
    expect(channelMessages('INSERT', { pk: 'JUDGE#abc', sk: 'JOB', type: 'judge-job' })).toEqual([]);
    expect(channelMessages('INSERT', { pk: 'USER#1', sk: 'O#000001', type: 'judge-io', text: 'x' })).toEqual([]);
  });
});

/** An in-memory job link: input queued by the test, everything written recorded. */
function memoryLink() {
  const queue: string[] = [];
  const written: Array<[string, string]> = [];
  let stop = false;
  let closed = false;
  return {
    queue,
    written,
    stopNow: () => (stop = true),
    get closed() {
      return closed;
    },
    link: {
      poll: async () => ({ input: queue.splice(0), stop }),
      output: (t: string) => written.push(['output', t]),
      monitor: (m: string) => written.push(['monitor', m]),
      close: async () => {
        closed = true;
      },
    },
  };
}

describe('runOverChannel', () => {
  it('feeds polled input to the program in order and streams its output; the end is left to the server', async () => {
    const m = memoryLink();
    m.queue.push('Ada\n');
    setTimeout(() => m.queue.push('21\n'), 300);
    const r = await runOverChannel(py("n = input('name? ')\nprint('hello', n)\nprint(int(input()) * 2)\n"), m.link);
    const out = m.written.filter(([k]) => k === 'output').map(([, t]) => t).join('');
    expect(out).toContain('hello Ada');
    expect(out).toContain('42');
    expect(r.execution).toContain('42');
    const monitor = m.written.filter(([k]) => k === 'monitor').map(([, t]) => t);
    expect(monitor).toContain('run:terminal');
    expect(monitor).not.toContain('retrieve:');
    expect(monitor).not.toContain('close:');
    expect(m.closed).toBe(true);
  });

  it('stops the job when the channel says stop', async () => {
    const m = memoryLink();
    setTimeout(m.stopNow, 500);
    const r = await runOverChannel(py('import time\nwhile True: time.sleep(1)\n'), m.link);
    expect(r.interrupted).toBe(true);
    expect(r.execution).toContain('----- interrupted by user -----');
  });

  it('stops the job at the deadline (the Lambda’s time left)', async () => {
    const m = memoryLink();
    const started = Date.now();
    const r = await runOverChannel(py('import time\nwhile True: time.sleep(1)\n'), m.link, { deadline: Date.now() + 800 });
    expect(r.interrupted).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('dynamoJobLink', () => {
  const puts = () => sent.filter((s) => s.name === 'PutCommand').map((s) => s.input.Item as Record<string, any>);

  it('batches output into numbered items with a TTL and keeps monitor messages in order', async () => {
    const link = dynamoJobLink('tk');
    link.monitor('run:terminal');
    link.output('a');
    link.output('b');
    await new Promise((r) => setTimeout(r, CHANNEL_LIMITS.batchMs + 30));
    link.output('c');
    await link.close();
    const items = puts();
    // output items carry their offset in the run's output (a late subscriber's catch-up and the live batches overlap)
    expect(items.map((i) => [i.pk, i.sk, i.kind, i.text, i.at])).toEqual([
      ['JUDGEIO#tk', 'O#000001', 'monitor', 'run:terminal', undefined],
      ['JUDGEIO#tk', 'O#000002', 'output', 'ab', 0],
      ['JUDGEIO#tk', 'O#000003', 'output', 'c', 2],
    ]);
    for (const i of items) expect(i.ttl).toBeGreaterThan(Date.now() / 1000 + CHANNEL_LIMITS.ttlSeconds - 60);
  });

  it('splits large output into items of at most `chunk` characters and stops at the per-run bound', async () => {
    const link = dynamoJobLink('tk');
    const big = 'x'.repeat(CHANNEL_LIMITS.chunk * 2 + 5);
    link.output(big);
    await link.close();
    expect(puts().map((i) => i.text.length)).toEqual([CHANNEL_LIMITS.chunk, CHANNEL_LIMITS.chunk, 5]);
    expect(puts().map((i) => i.at)).toEqual([0, CHANNEL_LIMITS.chunk, CHANNEL_LIMITS.chunk * 2]);
    sent.length = 0;
    const flood = dynamoJobLink('tk2');
    for (let i = 0; i < 3; i++) flood.output('y'.repeat(CHANNEL_LIMITS.outputPerRun / 2));
    flood.output('more');
    await flood.close();
    const text = puts().map((i) => i.text).join('');
    expect(text.replace(/\n… \(output cut\) …\n$/, '').length).toBe(CHANNEL_LIMITS.outputPerRun);
    expect(text.endsWith('… (output cut) …\n')).toBe(true);
  });

  it('polls input in number order, sees the stop, and waits for a missing number before skipping it', async () => {
    const link = dynamoJobLink('tk');
    queryItems = [
      { sk: 'I#000001', text: 'a' },
      { sk: 'I#000002', text: 'b' },
      { sk: 'I#STOP' },
    ];
    expect(await link.poll()).toEqual({ input: ['a', 'b'], stop: true });
    const query = sent.find((s) => s.name === 'QueryCommand')!.input;
    expect(query.ExpressionAttributeValues).toEqual({ ':pk': 'JUDGEIO#tk', ':from': 'I#000001', ':to': 'I#~' });
    // number 3 is missing: 4 waits, then is taken once the gap time is up
    queryItems = [{ sk: 'I#000004', text: 'd' }];
    expect(await link.poll()).toEqual({ input: [], stop: false });
    vi.useFakeTimers({ now: Date.now() + CHANNEL_LIMITS.gapMs + 1, toFake: ['Date'] });
    expect(await link.poll()).toEqual({ input: ['d'], stop: false });
    expect(sent.filter((s) => s.name === 'QueryCommand').at(-1)!.input.ExpressionAttributeValues[':from']).toBe('I#000003');
  });
});
