/** Breadcrumbs of the authoring screens (spec/2 §2.1): category, area, course, chapter, lesson with id and name. */
import { getArea, getCategory, getCourse } from '../catalogue';
import { textOr } from '../catalogue';
import type { LessonItem } from '../catalogue';
import type { StoredChapter } from '../catalogue';

export async function breadcrumbsOf({ courseId, langId, chapter, lesson }: { courseId: number; langId: number; chapter?: StoredChapter; lesson?: LessonItem }) {
  const course = await getCourse(courseId);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  return {
    category: { id: category.category_id, name: textOr(category.names, langId) },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    course: { id: course.course_id, name: textOr(course.names, langId) },
    ...(chapter ? { chapter: { id: chapter.chapter_id, name: textOr(chapter.names, langId) } } : {}),
    ...(lesson ? { lesson: { id: lesson.lesson_id, name: textOr(lesson.names, langId) } } : {}),
  };
}
