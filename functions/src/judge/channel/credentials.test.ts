/** Per-job channel keys: the session policy names the ticket's partition only; no role, no keys. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: Array<Record<string, unknown>> = [];
vi.mock('@aws-sdk/client-sts', () => ({
  STSClient: class {
    send = async (command: { input: Record<string, unknown> }) => {
      calls.push(command.input);
      return { Credentials: { AccessKeyId: 'AK', SecretAccessKey: 'SK', SessionToken: 'ST' } };
    };
  },
  AssumeRoleCommand: class {
    constructor(readonly input: Record<string, unknown>) {}
  },
}));

const { channelCredentials, channelSessionPolicy } = await import('./credentials');

afterEach(() => {
  delete process.env.JUDGE_CHANNEL_ROLE_ARN;
  calls.length = 0;
});

describe('channel credentials', () => {
  it('narrows the session to the ticket’s JUDGEIO# partition and the channel actions', () => {
    const policy = JSON.parse(channelSessionPolicy('T0ken_-abc'));
    expect(policy.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:Query', 'dynamodb:PutItem'],
        Resource: '*',
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['JUDGEIO#T0ken_-abc'] } },
      },
    ]);
  });

  it('assumes the channel role for 15 minutes with that policy', async () => {
    process.env.JUDGE_CHANNEL_ROLE_ARN = 'arn:aws:iam::1:role/channel';
    expect(await channelCredentials('abc')).toEqual({ accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'ST' });
    expect(calls).toEqual([{ RoleArn: 'arn:aws:iam::1:role/channel', RoleSessionName: 'judge-abc', DurationSeconds: 900, Policy: channelSessionPolicy('abc') }]);
  });

  it('gives no keys without a channel role (local cloud: the process’s own table access)', async () => {
    expect(await channelCredentials('abc')).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
