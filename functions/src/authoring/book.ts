/**
 * The book generator's data (spec/2 §2.3, GET /get-book/{id}): the course in the caller's language
 * with every chapter, lesson and task (content and globals, so the web can print the key). It
 * carries the correct answers, so it holds only what the caller edits (`mayReadBook`): the whole
 * course for administrators and course-level content roles, a chapter role's own chapter or lesson,
 * and competitions only for their creators and administrators.
 */
import { EDIT_DENIED, mayReadBook, type BookPlace } from '@lectio/shared';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden } from '../platform/http/errors';
import { getCourse, getArea, userLanguage } from '../catalogue';
import { COMPETITION, textOr } from '../catalogue';
import { editorOn } from './access';
import { courseStructure } from '../catalogue';

export async function courseBook(user: SessionUser, courseId: number) {
  const editor = await editorOn(user, courseId);
  const readable = (place?: BookPlace) => mayReadBook(editor.user, editor.grants, place);
  if (!readable()) throw new Forbidden(EDIT_DENIED);
  const langId = await userLanguage(user.userId);
  const course = await getCourse(courseId);
  const [area, s] = await Promise.all([getArea(course.area_id), courseStructure(courseId)]);
  const chapters = s.chapters.map((c) => {
    const competition = Number(c.chapter_type) === COMPETITION;
    const lessons = s.lessons.filter((l) => l.chapter_id === c.chapter_id && readable({ chapterId: c.chapter_id, lessonId: l.lesson_id, competition }));
    return { chapter: c, lessons, shown: lessons.length > 0 || readable({ chapterId: c.chapter_id, competition }) };
  });
  return {
    course_name: textOr(course.names, langId),
    course_color: course.area_color || area.color || '#AAAAAA',
    chapters: chapters
      .filter((c) => c.shown)
      .map(({ chapter: c, lessons }) => ({
        name: textOr(c.names, langId),
        lessons: lessons.map((l) => ({
          name: textOr(l.names, langId),
          tasks: s.tasks
            .filter((t) => t.lesson_id === l.lesson_id)
            .map((t) => ({ id: t.task_id, task_type_id: Number(t.task_type_id), content: textOr(t.contents, langId), globals: t.globals ?? '' })),
        })),
      })),
  };
}
