/**
 * Who may edit what (spec/2 §6) on the server: the caller's course-level grants, decided by the pure
 * `may` of @lectio/shared. Every authoring call goes through `editorOn` + `requireMay`; a refusal is
 * 403 with the spec's text and happens before anything is written.
 */
import { EDIT_DENIED, grantCovers, isAdminRole, may, permissionLevels, type ActionScope, type PermissionAction, type PermissionGrant } from '@lectio/shared';
import { courseGrants } from '../platform/auth/course-grants';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden } from '../platform/http/errors';

export interface Editor {
  user: SessionUser;
  courseId: number;
  grants: PermissionGrant[];
}

export async function editorOn(user: SessionUser, courseId: number): Promise<Editor> {
  return { user, courseId, grants: isAdminRole(user.roleId) ? [] : await courseGrants(user.userId, courseId) };
}

export const can = (e: Editor, action: PermissionAction) => may(e.user, e.grants, action);

export function requireMay(e: Editor, action: PermissionAction): void {
  if (!can(e, action)) throw new Forbidden(EDIT_DENIED);
}

const contentRoles = new Set(['course_content_creator', 'course_content_translator', 'chapter_content_creator', 'chapter_content_translator']);

/** May the caller open the editing screens of this course (or of one chapter/lesson of it)? */
export function canEnter(e: Editor, scope: ActionScope = {}): boolean {
  if (isAdminRole(e.user.roleId)) return true;
  return e.grants.some((g) => {
    if ((permissionLevels[g.role_code] ?? 0) > 999) return true;
    if (!contentRoles.has(g.role_code)) return false;
    if (g.role_code.startsWith('course_')) return true;
    // Chapter roles: only inside their chapter or lesson; on the course level they still see the list.
    return scope.chapterId === undefined && scope.lessonId === undefined ? true : grantCovers(g, scope);
  });
}

export function requireEnter(e: Editor, scope: ActionScope = {}): void {
  if (!canEnter(e, scope)) throw new Forbidden(EDIT_DENIED);
}

/** `permissions.list` of the list responses: what the web uses to show or hide edit controls. */
export const permissionList = (e: Editor): PermissionGrant[] =>
  isAdminRole(e.user.roleId) ? [{ role_code: 'admin', language_id: 0, sub_obj_id: 0 }] : e.grants;

/** Languages of a content list the caller may not translate (scope: the chapter/lesson). */
export function requireTranslate(e: Editor, langIds: number[], scope: ActionScope = {}) {
  for (const langId of langIds) requireMay(e, { kind: 'translate', langId, ...scope });
}
