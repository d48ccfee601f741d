/**
 * The orchestrator (AWS): with the DynamoDB channel it hands the runner the channel flag and per-job keys
 * and leaves progress messages to the runner; without it, it announces the start itself. Either way the
 * runner's result (or an internal error) is completed once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const invoked: Array<Record<string, unknown>> = [];
let runnerAnswer: { Payload?: Uint8Array; FunctionError?: string } = {};
const monitored: string[] = [];
const completed: Array<{ ticket: string; execution: string }> = [];

vi.mock('@aws-sdk/client-lambda', () => ({
  LambdaClient: class {
    send = async (command: { input: { Payload: Uint8Array } }) => {
      invoked.push(JSON.parse(Buffer.from(command.input.Payload).toString('utf8')));
      return runnerAnswer;
    };
  },
  InvokeCommand: class {
    constructor(readonly input: unknown) {}
  },
}));
vi.mock('./service/job-record', () => ({ markRunning: async () => undefined }));
vi.mock('./service/service', () => ({
  monitor: async (_ticket: string, m: string) => void monitored.push(m),
  completeJob: async (job: { ticket: string }, result: { execution: string }) => void completed.push({ ticket: job.ticket, execution: result.execution }),
}));
vi.mock('./channel/credentials', () => ({
  channelCredentials: async (ticket: string) => ({ accessKeyId: `AK-${ticket}`, secretAccessKey: 'SK', sessionToken: 'ST' }),
}));

const { handler } = await import('./orchestrator');

const job = { ticket: 'tk1', ownerId: 5, taskId: 7, preview: false, job: { kind: 'run', submittedFiles: [], keepFiles: [], configFiles: [] } };
const event = { Records: [{ body: JSON.stringify(job) }] } as never;
const result = { compilation: '', execution: 'out\n', grade: null, comments: [], interrupted: false, log: [] };

beforeEach(() => {
  runnerAnswer = { Payload: Buffer.from(JSON.stringify(result)) };
});
afterEach(() => {
  delete process.env.JUDGE_CHANNEL;
  invoked.length = 0;
  monitored.length = 0;
  completed.length = 0;
});

describe('judge orchestrator', () => {
  it('over the DynamoDB channel: channel flag and the ticket’s own keys to the runner, no progress of its own', async () => {
    process.env.JUDGE_CHANNEL = 'dynamodb';
    await handler(event);
    expect(invoked).toEqual([{ ticket: 'tk1', job: job.job, channel: true, credentials: { accessKeyId: 'AK-tk1', secretAccessKey: 'SK', sessionToken: 'ST' } }]);
    expect(monitored).toEqual([]);
    expect(completed).toEqual([{ ticket: 'tk1', execution: 'out\n' }]);
  });

  it('without the channel: no keys, the start announced by the orchestrator', async () => {
    await handler(event);
    expect(invoked).toEqual([{ ticket: 'tk1', job: job.job, channel: false }]);
    expect(monitored).toEqual(['message:compilation']);
  });

  it('a failing runner completes the job with an internal error', async () => {
    runnerAnswer = { FunctionError: 'Unhandled', Payload: Buffer.from('{"errorMessage":"boom"}') };
    await handler(event);
    expect(completed).toEqual([{ ticket: 'tk1', execution: 'Internal error of the judge.\n' }]);
  });
});
