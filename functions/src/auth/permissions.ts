/** Course-level permission grants (spec/1 §6 levels); the full rule set grows with the accounts issue. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { permissionLevels, type RoleCode } from '@lectio/shared';
import { db, table } from '../db/client';

/** The highest level the user holds on the course, in any language; 0 when none. */
export async function maxCourseLevel(userId: number, courseId: number): Promise<number> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': `PERM#${courseId}#` },
      ProjectionExpression: 'role_code',
    }),
  );
  return Math.max(0, ...(out.Items ?? []).map((i) => permissionLevels[i.role_code as RoleCode] ?? 0));
}
