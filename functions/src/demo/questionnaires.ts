/**
 * Demo questionnaire (issue 23 item 5): one questionnaire with every question type on two pages, by
 * the demo admin, sent to the demo class (Class 1.A) and to the demo course, so the demo student (who
 * started the course) finds it under My questionnaires too.
 */
import { getCourse, textOr } from '../catalogue';
import { seedQuestionnaire } from '../questionnaires';
import { DEMO_CLASS_NAME } from './class';

export async function seedDemoQuestionnaire(adminId: number, classId: number, courseId: number): Promise<number> {
  const course = await getCourse(courseId);
  return seedQuestionnaire(adminId, { groups: [{ id: classId, name: DEMO_CLASS_NAME }], courses: [{ id: courseId, name: textOr(course.names, 1) }] });
}
