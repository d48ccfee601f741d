/**
 * "May this user do X on this object in this language?" — the editing rules of spec/2 §6 as one
 * pure function, used by every handler that checks course-level permissions.
 */
import { isAdminRole, permissionLevels, type RoleCode } from '../permission-levels';

/**
 * What `sub_obj_id` names. Chapter and lesson ids are two separate number sequences, so an id alone
 * is ambiguous: the kind travels with it. A grant stored without one is chapter-scoped (the chapter
 * roles' natural scope).
 */
export type ScopeKind = 'chapter' | 'lesson';

/** A course-level grant; `language_id` 0 means every language, `sub_obj_id` 0 the whole course. */
export interface PermissionGrant {
  role_code: RoleCode;
  language_id: number;
  sub_obj_id: number;
  /** The kind of `sub_obj_id` (absent: chapter). */
  sub_obj_kind?: ScopeKind;
}

/** Where an action happens: the chapter, and the lesson when there is one. */
export interface ActionScope {
  chapterId?: number;
  lessonId?: number;
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
export const scopeKindOf = (g: Pick<PermissionGrant, 'sub_obj_kind'>): ScopeKind => g.sub_obj_kind ?? 'chapter';

/**
 * Does the grant's scope cover the place of the action? A chapter grant covers its chapter and the
 * chapter's lessons; a lesson grant its lesson only. A chapter id is never compared with a lesson id.
 */
export function grantCovers(g: PermissionGrant, scope: ActionScope): boolean {
  if (g.sub_obj_id === 0) return true;
  return scopeKindOf(g) === 'lesson' ? g.sub_obj_id === scope.lessonId : g.sub_obj_id === scope.chapterId;
}
const inScope = (g: PermissionGrant, chapterId?: number, lessonId?: number) => grantCovers(g, { chapterId, lessonId });

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

/** A place in a course's book: a chapter (competition or not) and, when there is one, a lesson. */
export interface BookPlace extends ActionScope {
  competition: boolean;
}

/**
 * May the caller read this part of the course's book (spec/2 §2.3)? The book carries every correct
 * answer, so: administrators and course-level content roles read the course; chapter roles their own
 * chapter or lesson; competitions only their creators (course_content_creator, competition_creator)
 * and administrators. Without `place`: may the caller open the book at all.
 */
export function mayReadBook(user: { roleId: number }, grants: PermissionGrant[], place?: BookPlace): boolean {
  if (isAdminRole(user.roleId)) return true;
  return grants.some((g) => {
    if (level(g) > 999 || g.role_code === 'course_content_creator') return true;
    if (g.role_code === 'competition_creator') return !place || place.competition;
    if (place?.competition) return false;
    if (g.role_code === 'course_content_translator') return true;
    if (g.role_code === 'chapter_content_creator' || g.role_code === 'chapter_content_translator') return !place || grantCovers(g, place);
    return false;
  });
}
