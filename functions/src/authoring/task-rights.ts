/** What a caller may do in a task editor (spec/2 §6 through `may()`): object-level, per language. */
import { may, type PermissionGrant } from '@lectio/shared';
import type { SessionUser } from '../platform/auth/tokens';
import { courseGrants } from '../platform/auth/course-grants';

export interface EditorRights {
  grants: PermissionGrant[];
  /** Object-level: max score, answers and ratings, type, files, settings, create. */
  object: boolean;
  /** Languages whose texts the caller may edit. */
  languages: Set<number>;
  /** May open the editor at all. */
  any: boolean;
}

export async function editorRights(user: SessionUser, where: { course_id: number; chapter_id: number; lesson_id: number }): Promise<EditorRights> {
  const grants = await courseGrants(user.userId, where.course_id);
  const scope = { chapterId: where.chapter_id, lessonId: where.lesson_id };
  const object = may(user, grants, { kind: 'object', list: 'task-editor', ...scope });
  const languages = new Set([1, 2, 3, 4, 5, 6, 7, 8].filter((langId) => object || may(user, grants, { kind: 'translate', langId, ...scope })));
  return { grants, object, languages, any: object || languages.size > 0 };
}
