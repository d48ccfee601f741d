/**
 * The book generator's data (spec/2 §2.3, GET /get-book/{id}): the course in the caller's language
 * with every chapter, lesson and task (content and globals, so the web can print the key). Only
 * editors of the course get it: it carries the correct answers.
 */
import type { SessionUser } from '../platform/auth/tokens';
import { getCourse, getArea, userLanguage } from '../catalogue/store';
import { textOr } from '../catalogue/model';
import { editorOn, requireEnter } from './access';
import { courseStructure } from './store';

export async function courseBook(user: SessionUser, courseId: number) {
  requireEnter(await editorOn(user, courseId));
  const langId = await userLanguage(user.userId);
  const course = await getCourse(courseId);
  const [area, s] = await Promise.all([getArea(course.area_id), courseStructure(courseId)]);
  return {
    course_name: textOr(course.names, langId),
    course_color: course.area_color || area.color || '#AAAAAA',
    chapters: s.chapters.map((c) => ({
      name: textOr(c.names, langId),
      lessons: s.lessons
        .filter((l) => l.chapter_id === c.chapter_id)
        .map((l) => ({
          name: textOr(l.names, langId),
          tasks: s.tasks
            .filter((t) => t.lesson_id === l.lesson_id)
            .map((t) => ({ id: t.task_id, task_type_id: Number(t.task_type_id), content: textOr(t.contents, langId), globals: t.globals ?? '' })),
        })),
    })),
  };
}
