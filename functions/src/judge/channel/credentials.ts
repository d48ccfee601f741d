/**
 * Per-job credentials for the DynamoDB channel in AWS: the orchestrator assumes the channel role with a
 * session policy that narrows it to this ticket's partition (`JUDGEIO#{ticket}`, Query and PutItem) and
 * hands the short-lived keys to the runner in the invocation. The runner's own role has no table rights, so
 * whatever a learner's program might read from the runner (its environment, its memory) reaches at most
 * the channel of its own job.
 */
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { judgeKeys } from '../keys';
import { env } from '../../platform/config';
import { traced } from '../../platform/tracing';

export interface ChannelCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

/** The session policy of one job: the channel actions on its own partition only. */
export function channelSessionPolicy(ticket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['dynamodb:Query', 'dynamodb:PutItem'],
        // the role's policy already names the table; a session policy can only narrow it
        Resource: '*',
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [judgeKeys.channel.partition(ticket)] } },
      },
    ],
  });
}

let sts: STSClient | undefined;

/** Keys for the ticket's channel (15 minutes, the shortest STS allows); undefined without a channel role. */
export async function channelCredentials(ticket: string): Promise<ChannelCredentials | undefined> {
  const roleArn = env('JUDGE_CHANNEL_ROLE_ARN');
  if (!roleArn) return undefined;
  sts ??= traced(new STSClient({}));
  const out = await sts.send(
    new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: `judge-${ticket}`.slice(0, 64), DurationSeconds: 900, Policy: channelSessionPolicy(ticket) }),
  );
  const c = out.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken) throw new Error('no channel credentials');
  return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken };
}
