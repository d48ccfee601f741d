/**
 * "May this user do X on this object in this language?" — the editing rules of spec/2 §6 as one
 * pure function, used by every handler that checks course-level permissions.
 */
import { isAdminRole, permissionLevels, type RoleCode } from '../permission-levels';

/** A course-level grant; `language_id` 0 means every language, `sub_obj_id` a chapter or lesson id. */
export interface PermissionGrant {
  role_code: RoleCode;
  language_id: number;
  sub_obj_id: number;
}

export type PermissionAction =
  /** add, delete, reorder, change type or icon, max score, answers, ratings, file lists */
  | { kind: 'object'; list: 'chapter-list' | 'lesson-list' | 'task-list' | 'task-editor'; chapterId?: number; lessonId?: number }
  /** edit texts (names, task content) in one language */
  | { kind: 'translate'; langId: number; chapterId?: number; lessonId?: number }
  | { kind: 'teach' }
  | { kind: 'tests'; translateOnly?: boolean; langId?: number }
  | { kind: 'competitions'; translateOnly?: boolean; langId?: number }
  | { kind: 'assignments' };

const level = (g: PermissionGrant) => permissionLevels[g.role_code] ?? 0;
const inLanguage = (g: PermissionGrant, langId: number | undefined) => g.language_id === 0 || langId === undefined || g.language_id === langId;
/** chapter-level roles are bound to their chapter or lesson (sub_obj_id). */
const inScope = (g: PermissionGrant, chapterId?: number, lessonId?: number) =>
  g.sub_obj_id === 0 || g.sub_obj_id === chapterId || g.sub_obj_id === lessonId;

function grantAllows(g: PermissionGrant, action: PermissionAction): boolean {
  if (level(g) > 999) return true;
  switch (action.kind) {
    case 'object':
      if (level(g) >= permissionLevels.course_content_creator) return true;
      return (
        g.role_code === 'chapter_content_creator' &&
        action.list !== 'chapter-list' &&
        inScope(g, action.chapterId, action.lessonId)
      );
    case 'translate':
      switch (g.role_code) {
        case 'course_content_creator':
          return true;
        case 'course_content_translator':
          return inLanguage(g, action.langId);
        case 'chapter_content_creator':
          return inScope(g, action.chapterId, action.lessonId);
        case 'chapter_content_translator':
          return inLanguage(g, action.langId) && inScope(g, action.chapterId, action.lessonId);
        default:
          return false;
      }
    case 'teach':
      return g.role_code === 'teacher';
    case 'tests':
      return g.role_code === 'test_creator' || (g.role_code === 'test_translator' && !!action.translateOnly && inLanguage(g, action.langId));
    case 'competitions':
      return (
        g.role_code === 'competition_creator' ||
        (g.role_code === 'competition_translator' && !!action.translateOnly && inLanguage(g, action.langId))
      );
    case 'assignments':
      return g.role_code === 'assignment_creator' || g.role_code === 'teacher';
  }
}

export function may(user: { roleId: number }, grants: PermissionGrant[], action: PermissionAction): boolean {
  if (isAdminRole(user.roleId)) return true;
  return grants.some((g) => grantAllows(g, action));
}

/** The editor's `only_translation` flag: 1 when the user may change texts but not objects. */
export const onlyTranslation = (user: { roleId: number }, grants: PermissionGrant[], list: 'task-editor', chapterId?: number, lessonId?: number) =>
  may(user, grants, { kind: 'object', list, chapterId, lessonId }) ? 0 : 1;
