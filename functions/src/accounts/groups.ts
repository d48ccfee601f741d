/** Primary groups offered at registration (ids feed the leaderboard filter). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';

export const defaultRegistrationGroups = ['Demo', 'Class A', 'Class B', 'University', 'Self-study'];

/** Primary groups offered at registration, with ids for the leaderboard filter. */
export async function registrationGroups(): Promise<Array<{ id: number; group_name: string }>> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: { ':pk': 'REGDATA', ':g': 'GROUP#' },
    }),
  );
  const stored = (out.Items ?? []).map((i) => ({ id: Number(i.group_id), group_name: String(i.group_name) }));
  return stored.length ? stored.sort((a, b) => a.id - b.id) : defaultRegistrationGroups.map((group_name, i) => ({ id: i + 1, group_name }));
}

