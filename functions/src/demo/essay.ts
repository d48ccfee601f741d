/**
 * Demo essay (16) and GenAI (17) tasks (issue 24 item 5), in English and Slovak, in the lesson of the
 * HTML and CSS basics course that holds 'A shopping list'; the demo teacher's Class 1.A is linked to
 * that course (and the course is on the teacher's dashboard), and one pupil of the class has saved an
 * essay attempt for the teacher to review. A handful of items, written in batches.
 */
import { batchPut } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { listLessonTasks, taskItem } from '../catalogue/task-items';
import { refreshCourse } from '../catalogue/courses';
import { listLessons } from '../catalogue/store';
import { recountLesson } from '../authoring/task-save';
import { linkGroupToCourse } from '../groups';
import { addTeacherCourse } from '../teaching';
import { findUserByEmail } from '../accounts/users';
import { essayAttempts, essayStates } from '../player/entities';
import { playerKeys } from '../player/keys';
import { answerLength, essayAnswerText } from '@lectio/shared';

const SHOPPING_LIST = 'A shopping list';
/** The pupil of Class 1.A (joined by key) whose essay waits for the review. */
export const DEMO_ESSAY_PUPIL = 'pupil01@example.com';

const essay = (assignment: string, help: string) => JSON.stringify({ content: `<p>${assignment}</p>`, help: `<p>${help}</p>` });

const tasks = [
  {
    type: 16,
    en: essay('In a short essay (about 100 words), explain why a web page should use headings and lists instead of plain paragraphs.', 'Think of readers who skim, of screen readers and of search engines.'),
    sk: essay('V krátkej eseji (asi 100 slov) vysvetlite, prečo by webová stránka mala používať nadpisy a zoznamy namiesto obyčajných odsekov.', 'Myslite na čitateľov, ktorí text prebiehajú, na čítačky obrazovky a na vyhľadávače.'),
  },
  {
    type: 17,
    en: essay('Ask a generative AI of your choice how to make the shopping list page accessible. Record at least three exchanges and reflect on each reply: is it right, and how do you know?', 'Lectio does not call any AI: you have the dialogue elsewhere and write it down here.'),
    sk: essay('Opýtajte sa generatívnej AI podľa vlastného výberu, ako urobiť stránku s nákupným zoznamom prístupnou. Zaznamenajte aspoň tri výmeny a ku každej odpovedi napíšte reflexiu: je správna a ako to viete?', 'Lectio nevolá žiadnu AI: dialóg vediete inde a sem ho zapíšete.'),
  },
];

const PUPIL_ESSAY =
  '<p>Headings tell the reader what each part of a page is about, so people who skim find what they need quickly. Lists show that items belong together, like the things to buy.</p><p>Screen readers announce headings and lists, so blind users can jump between them, and search engines understand the structure better too.</p>';

/** The lesson holding the HTML/CSS task 'A shopping list', with its course, or null. */
async function shoppingLesson(courseIds: number[]) {
  for (const courseId of courseIds) {
    for (const lesson of await listLessons(courseId)) {
      const found = (await listLessonTasks(lesson.lesson_id)).some((t) => t.task_type_id === 11 && (t.contents?.['1'] ?? '').includes(SHOPPING_LIST));
      if (found) return { courseId, lesson };
    }
  }
  return null;
}

export async function seedDemoEssays(teacherId: number, classId: number, courseIds: number[]): Promise<void> {
  const place = await shoppingLesson(courseIds);
  if (!place) return;
  const { courseId, lesson } = place;
  const order = (await listLessonTasks(lesson.lesson_id)).length;
  const ids = [await nextId('task'), await nextId('task')];
  await batchPut(
    tasks.map((t, i) =>
      taskItem({
        task_id: ids[i]!,
        lesson_id: lesson.lesson_id,
        chapter_id: lesson.chapter_id,
        course_id: courseId,
        task_type_id: t.type,
        task_order: order + i + 1,
        max_score: '10',
        globals: '',
        contents: { 1: t.en, 2: t.sk },
        visible: { 1: 1, 2: 1 },
      }),
    ),
  );
  await recountLesson(courseId, lesson.lesson_id);
  await refreshCourse(courseId);
  // The demo teacher teaches Class 1.A in this course too, and one pupil's essay waits for the review.
  await linkGroupToCourse(classId, courseId, teacherId);
  await addTeacherCourse({ userId: teacherId, roleId: 1 }, courseId);
  const pupil = await findUserByEmail(DEMO_ESSAY_PUPIL);
  if (!pupil) return;
  const answer = { type: 16 as const, html: PUPIL_ESSAY };
  const text = essayAnswerText(answer);
  const attemptId = await nextId('essay_attempt');
  await batchPut([
    {
      ...playerKeys.essayAttempt(pupil.user_id, ids[0]!, attemptId),
      ...playerKeys.essayAttemptById(attemptId),
      type: 'essay-attempt',
      ...essayAttempts.parse({ id: attemptId, user_id: pupil.user_id, course_id: courseId, task_id: ids[0]!, answers: text, max_score: 10, time_stamp: new Date().toISOString(), time_length: 540, length: answerLength(answer) }),
    },
    { ...playerKeys.essayState(pupil.user_id, ids[0]!), type: 'essay-state', ...essayStates.parse({ user_id: pupil.user_id, task_id: ids[0]!, last: text, rev: 1 }) },
  ]);
}
