/**
 * Teaching (issue 21 "Done when"): a new teacher adds the demo course to the teacher dashboard and
 * creates a course group on the course groups page; a student joins it with the key on the course
 * settings and answers a question; the teacher sees the student (full name: joined by key) with the
 * score in the chapter, lesson and task tables and the attempt in the task detail. The dashboard's
 * add and remove of groups and courses with their dialogs ('Course contains groups'). The demo
 * teacher's class of 30. Axe on every screen and dialog; screenshots in
 * tests/artifacts/screenshots/teaching-*.png.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { taskKind } from '@lectio/shared';
import { expectNoA11yViolations, login, loginAs, newLearner, openMenu, screenshotPath } from './fixtures';

const stamp = Date.now().toString(36).slice(-5);
const dialog = (page: Page) => page.getByTestId('message-dialog');

async function session(browser: Browser, request: APIRequestContext, tag: string) {
  const user = await newLearner(request, tag);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, user.email, user.password);
  return { page, user, close: () => context.close() };
}

/** The stored session token of a page (the app keeps it in local storage). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

/** The demo course's id, from the course list of the teacher dashboard's Add course dialog. */
async function addDemoCourse(page: Page) {
  await page.getByTestId('add-course').click();
  const picker = page.getByTestId('add-course-dialog');
  await expect(picker).toBeVisible();
  await picker.getByRole('combobox').fill('Python basics');
  await page.getByRole('option', { name: /^Python basics/ }).first().click();
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'add course dialog' });
  await page.screenshot({ path: screenshotPath('teaching-add-course') });
  await picker.getByTestId('pick-confirm').click();
  const card = page.getByTestId('teacher-course').filter({ hasText: 'Python basics' });
  await expect(card).toBeVisible();
  return { card, courseId: Number(await card.getAttribute('data-course')) };
}

/**
 * The student answers a one-choice question of the course right (trying each option), reading the
 * content on the way so the next chapter opens (the lock rule). Where it was answered.
 */
async function answerAQuestion(request: APIRequestContext, token: string, courseId: number) {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => (await request.get(`/api${path}`, { headers })).json();
  expect((await request.post(`/api/write-user-course/${courseId}`, { headers, data: {} })).status()).toBe(200);
  for (let round = 0; round < 4; round++) {
    const chapters = await get(`/get-active-chapters2/${courseId}`);
    for (const chapter of chapters.chapter_list.filter((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active)) {
      const lessons = await get(`/get-active-lessons2/${chapter.chapter_id}`);
      for (const lesson of lessons.lesson_list) {
        const list = await get(`/get-active-tasks2/${courseId}/${chapter.chapter_id}/${lesson.lesson_id}`);
        for (const task of list.task_list as Array<{ task_id: number; task_type_id: number; content: string }>) {
          if (taskKind(task.task_type_id) === 'content') {
            await request.post('/api/set-passed-tasks-content2', { headers, data: { user_course_id: list.user_course_id, task_id: task.task_id } });
            continue;
          }
          if (task.task_type_id !== 3) continue;
          const options = (JSON.parse(task.content) as { answer_list: unknown[] }).answer_list.length;
          for (let option = 0; option < options; option++) {
            const res = await request.post('/api/task-evaluate2', {
              headers,
              data: { task_id: task.task_id, task_type_id: 3, time_length: 5, answer_list: JSON.stringify([option]), activity_type: 1 },
            });
            if ((await res.json()).result.rating === 100) return { chapterId: chapter.chapter_id as number, lessonId: lesson.lesson_id as number, taskId: task.task_id };
          }
        }
      }
    }
  }
  throw new Error('no one-choice question answered');
}

test('a teacher creates a course group, a student joins with the key and is seen in the tables with progress', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const name = `Class ${stamp}`;
  const groupKey = `key-${stamp}`;

  // A new teacher: the dashboard from the side menu, empty, then the demo course added.
  const teacher = await session(browser, request, 'tch');
  const tp = teacher.page;
  await openMenu(tp);
  await tp.getByTestId('menu-teacher_dashboard').click();
  await expect(tp.getByRole('heading', { name: 'Teacher dashboard', level: 1 })).toBeVisible();
  await expect(tp.getByTestId('no-courses')).toBeVisible();
  await expectNoA11yViolations(tp, { label: 'teacher dashboard (empty)' });
  const { card, courseId } = await addDemoCourse(tp);

  // The course group on the course groups page (engineer G's screen), linked from the card.
  await card.getByTestId('course-groups').click();
  await expect(tp).toHaveURL(new RegExp(`/course_groups/${courseId}$`));
  await tp.getByTestId('course-group-new').click();
  const form = tp.getByTestId('course-group-form');
  await form.getByLabel('Group name').fill(name);
  await form.getByLabel('Group key').fill(groupKey);
  await form.getByLabel('Teacher key').fill(`teach-${stamp}`);
  await tp.getByTestId('course-group-save').click();
  await expect(tp.getByTestId('created-course-group').filter({ hasText: name })).toBeVisible();

  // A student joins it with the key and answers a question.
  const student = await session(browser, request, 'stu');
  const sp = student.page;
  await sp.goto(`/student_settings/${courseId}`);
  await sp.getByTestId('study-group-picker').getByRole('combobox').fill(name);
  await sp.getByRole('option', { name }).click();
  await sp.getByTestId('study-group-join').click();
  await dialog(sp).getByLabel('Key').fill(groupKey);
  await dialog(sp).getByRole('button', { name: 'Join' }).click();
  await expect(sp.getByTestId('study-group').filter({ hasText: name })).toBeVisible();
  const answered = await answerAQuestion(request, await tokenOf(sp), courseId);
  // A student sees no one's table: the refusal in place.
  await sp.goto(`/teacher_students/${courseId}/0`);
  await expect(sp.getByTestId('teaching-refused')).toBeVisible();
  await expectNoA11yViolations(sp, { label: 'students (refused)' });
  await student.close();

  // The dashboard lists the group under the course; its link opens the students view of that group.
  await tp.goto('/teacher_dashboard');
  const group = tp.getByTestId('teacher-course').filter({ hasText: 'Python basics' }).getByTestId('course-group').filter({ hasText: name });
  await expect(group).toBeVisible();
  await expectNoA11yViolations(tp, { label: 'teacher dashboard' });
  await tp.screenshot({ path: screenshotPath('teaching-dashboard'), fullPage: true });
  await group.getByRole('link', { name }).click();
  await expect(tp).toHaveURL(new RegExp(`/teacher_students/${courseId}/\\d+$`));
  await expect(tp.getByTestId(/^group-chip-/).filter({ hasText: name })).toHaveAttribute('aria-pressed', 'true');

  // Course tab: the student with the full name (joined by key) and the score of the chapter (after the projection).
  const grid = tp.getByTestId('chapters-grid');
  await expect(grid.getByRole('row').filter({ hasText: 'Learner' }).first()).toBeVisible();
  await expect
    .poll(async () => {
      await tp.reload();
      return (await tp.getByTestId('chapters-grid').getByRole('row').filter({ hasText: 'Learner' }).first().textContent()) ?? '';
    }, { timeout: 20_000 })
    .toMatch(/Test.*Learner.*[1-9]\d* \/ 0/);
  await expect(tp.getByTestId('heat-map')).toBeVisible();
  expect(await tp.evaluate(() => JSON.parse(localStorage.getItem('student_groups') ?? '{}'))).toEqual({ [String(courseId)]: [expect.any(Number)] });
  await expectNoA11yViolations(tp, { label: 'students (course tab)' });
  await tp.screenshot({ path: screenshotPath('teaching-students'), fullPage: true });
  // Exercises and Duels show nothing; Competitions its table.
  await tp.getByTestId('tab-exercises').click();
  await expect(tp.getByTestId('tab-empty')).toBeVisible();
  await tp.getByTestId('tab-competitions').click();
  await expect(tp.getByTestId('competitions-grid')).toBeVisible();
  await expectNoA11yViolations(tp, { label: 'students (competitions tab)' });
  await tp.getByTestId('tab-course').click();

  // Chapter header → lesson table → task table → task detail.
  await tp.getByTestId('chapters-grid').locator(`a[href="/teacher_lessons/${courseId}/${answered.chapterId}"]`).first().click();
  await expect(tp).toHaveURL(new RegExp(`/teacher_lessons/${courseId}/${answered.chapterId}$`));
  await expect(tp.getByTestId('lessons-grid').getByRole('row').filter({ hasText: 'Learner' })).toBeVisible();
  await expectNoA11yViolations(tp, { label: 'lessons table' });
  await tp.screenshot({ path: screenshotPath('teaching-lessons'), fullPage: true });
  await tp.goto(`/teacher_tasks/${courseId}/${answered.chapterId}/${answered.lessonId}`);
  const row = tp.getByTestId('tasks-grid').getByRole('row').filter({ hasText: 'Learner' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/[1-9]\d* \/ 0/);
  await expectNoA11yViolations(tp, { label: 'tasks table' });
  await tp.screenshot({ path: screenshotPath('teaching-tasks'), fullPage: true });
  await tp.goto(`/teacher_task_detail/${courseId}/${answered.chapterId}/${answered.lessonId}/${answered.taskId}`);
  const detail = tp.getByTestId('detail-row').filter({ hasText: 'Test Learner' });
  await expect(detail).toContainText('rating 100 %');
  await expectNoA11yViolations(tp, { label: 'task detail' });
  await tp.screenshot({ path: screenshotPath('teaching-task-detail'), fullPage: true });
  await teacher.close();
});

test('the dashboard: add and remove groups and courses with their dialogs; a course with groups is refused', async ({ browser, request }) => {
  const teacher = await session(browser, request, 'tcd');
  const tp = teacher.page;
  await tp.goto('/teacher_dashboard');
  const { card, courseId } = await addDemoCourse(tp);
  const name = `Team ${stamp}`;
  // A group of the teacher (created on the course groups page, so it is in the course).
  await tp.goto(`/course_groups/${courseId}`);
  await tp.getByTestId('course-group-new').click();
  const form = tp.getByTestId('course-group-form');
  await form.getByLabel('Group name').fill(name);
  await form.getByLabel('Group key').fill(`key-${stamp}`);
  await form.getByLabel('Teacher key').fill(`teach-${stamp}`);
  await tp.getByTestId('course-group-save').click();
  await expect(tp.getByTestId('created-course-group').filter({ hasText: name })).toBeVisible();
  await tp.goto('/teacher_dashboard');

  // A course that contains groups is not removed.
  await card.getByTestId('remove-course').click();
  await expect(tp.getByText('Course contains groups')).toBeVisible();

  // Remove the group: the question, then the group is gone from the course.
  await card.getByRole('button', { name: `Remove the group ${name} from the course` }).click();
  await expect(dialog(tp)).toContainText(`Are you sure? Do you want to remove the group "${name}" from the course "Python basics"?`);
  await expectNoA11yViolations(tp, { include: '[role="dialog"]', label: 'remove group dialog' });
  await tp.screenshot({ path: screenshotPath('teaching-remove-group') });
  await dialog(tp).getByRole('button', { name: 'Yes' }).click();
  await expect(card.getByTestId('course-group')).toHaveCount(0);

  // Add it again: the dialog offers only groups not in the course.
  await card.getByTestId('add-group').click();
  const picker = tp.getByTestId('add-group-dialog');
  await picker.getByRole('combobox').click();
  await expect(tp.getByRole('option')).toHaveText([name]);
  await tp.getByRole('option', { name }).click();
  await expectNoA11yViolations(tp, { include: '[role="dialog"]', label: 'add group dialog' });
  await picker.getByTestId('pick-confirm').click();
  await expect(card.getByTestId('course-group').filter({ hasText: name })).toBeVisible();
  await card.getByTestId('add-group').click();
  await expect(picker).toContainText('All your groups are in this course already.');
  await picker.getByRole('button', { name: 'Cancel' }).click();

  // Without groups the course goes, after the question.
  await card.getByRole('button', { name: `Remove the group ${name} from the course` }).click();
  await dialog(tp).getByRole('button', { name: 'Yes' }).click();
  await expect(card.getByTestId('course-group')).toHaveCount(0);
  await card.getByTestId('remove-course').click();
  await expect(dialog(tp)).toContainText('Are you sure? Do you want to remove the course "Python basics" from your dashboard?');
  await expectNoA11yViolations(tp, { include: '[role="dialog"]', label: 'remove course dialog' });
  await dialog(tp).getByRole('button', { name: 'Yes' }).click();
  await expect(tp.getByTestId('teacher-course')).toHaveCount(0);
  await teacher.close();
});

test('the demo teacher sees Class 1.A: 30 students, 20 a page, CSV export, the heat map', async ({ page }) => {
  await login(page, 'teacher');
  await page.goto('/teacher_dashboard');
  const card = page.getByTestId('teacher-course').filter({ hasText: 'Python basics' });
  await card.getByRole('link', { name: 'Class 1.A' }).click();
  const grid = page.getByTestId('chapters-grid');
  await expect(grid.getByRole('row')).toHaveCount(21); // header + 20 students
  await expect(page.getByTestId('grid-pages').getByRole('button', { name: 'Page 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: /export/i })).toBeVisible();
  await expect(page.getByTestId('heat-map').getByRole('img')).not.toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'demo class' });
  await page.screenshot({ path: screenshotPath('teaching-demo-class'), fullPage: true });
  await page.getByTestId('grid-pages').getByRole('button', { name: 'Page 2' }).click();
  // Page 2: the other 10 demo pupils, and any member other specs added to Class 1.A (competitions, revisions).
  await expect(grid.getByRole('row').nth(10)).toBeVisible();
});
