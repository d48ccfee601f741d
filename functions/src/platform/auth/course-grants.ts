/**
 * Course-level permission grants (spec/1 §6 levels) stored per user and course. The rules that
 * decide what a grant allows are the pure `may` of @lectio/shared.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { permissionLevels, type PermissionGrant, type RoleCode, type ScopeKind } from '@lectio/shared';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { anyWithPrefix, queryPrefix } from '../db/operations';

/** The user's grants on one course. */
export async function courseGrants(userId: number, courseId: number): Promise<PermissionGrant[]> {
  const items = await queryPrefix<Record<string, unknown>>(keys.permissionsOnCourse(userId, courseId), {
    ProjectionExpression: 'role_code, language_id, sub_obj_id, sub_obj_kind',
  });
  return items.map((i) => {
    const subObjId = Number(i.sub_obj_id ?? 0);
    return {
      role_code: i.role_code as RoleCode,
      language_id: Number(i.language_id ?? 0),
      sub_obj_id: subObjId,
      // Grants stored before the kind existed are chapter-scoped; a course-wide grant has no kind.
      ...(subObjId > 0 ? { sub_obj_kind: i.sub_obj_kind === 'lesson' ? ('lesson' as const) : ('chapter' as const) } : {}),
    };
  });
}

/** Does the user hold any course permission (teacher, author, translator …)? One small read. */
export const holdsCourseGrant = (userId: number): Promise<boolean> => anyWithPrefix(keys.permissionsOf(userId));

/** The highest level the user holds on the course, in any language; 0 when none. */
export async function maxCourseLevel(userId: number, courseId: number): Promise<number> {
  return Math.max(0, ...(await courseGrants(userId, courseId)).map((g) => permissionLevels[g.role_code] ?? 0));
}

/** The sub-object part of a grant's key: a lesson's id is marked, so chapter 5 and lesson 5 differ. */
const scopeToken = (subObjId: number, kind: ScopeKind) => (subObjId > 0 && kind === 'lesson' ? `L${subObjId}` : String(subObjId));

export async function grantPermission(userId: number, courseId: number, roleCode: RoleCode, langId = 0, subObjId = 0, subObjKind: ScopeKind = 'chapter') {
  const scope = scopeToken(subObjId, subObjKind);
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.permission(userId, courseId, `${roleCode}#${scope}`, langId),
        ...keys.coursePermissionIndex(courseId, userId, `${roleCode}#${langId}#${scope}`),
        type: 'permission',
        user_id: userId,
        course_id: courseId,
        role_code: roleCode,
        language_id: langId,
        sub_obj_id: subObjId,
        ...(subObjId > 0 ? { sub_obj_kind: subObjKind } : {}),
      },
    }),
  );
}

export async function courseExists(courseId: number): Promise<boolean> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.courseMeta(courseId), ProjectionExpression: 'pk' }));
  return Boolean(out.Item);
}
