/**
 * Essay (16) and GenAI (17) tasks (issue 24 items 2-5): an author builds an essay task in two
 * languages from the task list's question menu and previews it; a new learner of the demo teacher's
 * Class 1.A writes an essay and a GenAI dialogue of 3 exchanges in the HTML and CSS course's demo
 * lesson; the demo teacher scores and comments the essay in the task detail; the learner's editor
 * then locks with the spec's text and a save sent straight to the API is refused. axe on every screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, demoLesson, expectNoA11yViolations, login, loginAs, newLearner, screenshotPath } from './fixtures';

test.use({ actionTimeout: 20_000 });

const LOCKED = 'Editation locked – teacher comment exists.';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

test('an author builds an essay task in two languages and previews it', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  const { lessonId } = await demoLesson(page, 'HTML and CSS basics');
  await page.goto(`/task_list/${lessonId}`);
  await page.getByTestId('menu-questions').click();
  await expect(page.getByTestId('new-type-17')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('new-type-16').click();
  await expect(page).toHaveURL(new RegExp(`/task_edit/\\d+/${lessonId}/16/1/2/0$`));
  await page.getByTestId('content-left').locator('.ProseMirror').click();
  await page.keyboard.type('Write about your favourite web page and why it is easy to read.');
  await page.getByTestId('content-right').locator('.ProseMirror').click();
  await page.keyboard.type('Napíšte o svojej obľúbenej webovej stránke a prečo sa dobre číta.');
  await page.getByTestId('max-score').fill('12');
  await expectNoA11yViolations(page, { label: 'essay task editor' });
  await page.screenshot({ path: screenshotPath('essay-task-editor'), fullPage: true });
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(new RegExp(`/task_edit/\\d+/${lessonId}/16/1/2/[1-9]\\d*$`));
  const taskId = Number(page.url().split('/').pop());
  const saved = await apiAs(page, `/get-task-in-all-lang/${taskId}`);
  expect(saved.task_type_id).toBe(16);
  expect(saved.max_score).toBe('12');
  expect(JSON.parse(saved.list.find((l: { lang_id: number }) => l.lang_id === 2).content).content).toContain('obľúbenej');

  await page.goto(`/show_content/${taskId}`);
  await expect(page.getByTestId('essay-viewer')).toContainText('favourite web page');
  await expectNoA11yViolations(page, { label: 'essay task viewer' });
  await page.screenshot({ path: screenshotPath('essay-task-viewer'), fullPage: true });
  // The author's new task leaves the demo lesson as it was for the learners.
  expect((await apiAs(page, '/delete-task', { method: 'POST', json: { id: taskId } })).message).toBe('OK');
});

async function learnerIn(browser: Browser, page: Page) {
  const user = await newLearner(page.request, 'essay');
  const context = await browser.newContext();
  const learner = await context.newPage();
  await loginAs(learner, user.email, user.password);
  return { learner, context };
}

test('a learner writes an essay and a GenAI dialogue; the teacher reviews the essay; the editor locks', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The teacher's Class 1.A in the HTML and CSS course.
  await login(page, 'teacher');
  const { courseId, chapterId, lessonId } = await demoLesson(page, 'HTML and CSS basics');
  const courses = (await apiAs(page, '/get-teacher-courses')).list as Array<{ id: number; groups: Array<{ id: number; group_name: string }> }>;
  const classId = courses.find((c) => c.id === courseId)!.groups.find((g) => g.group_name === 'Class 1.A')!.id;

  const { learner, context } = await learnerIn(browser, page);
  // the essay's text names this run (a retry's review is told apart from the first attempt's)
  const essayText = `Clear headings help every reader (${Date.now().toString(36)}).`;
  expect((await apiAs(learner, `/write-user-course/${courseId}`, { method: 'POST', json: {} })).message).toBeDefined();
  const joined = await apiAs(learner, '/add-student-to-course-group', { method: 'POST', json: { group_id: classId, group_key: 'class-1a-key', course_id: courseId } });
  expect(joined.message).toBeDefined();

  const list = (await apiAs(learner, `/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`)).task_list as Array<{ task_id: number; task_type_id: number }>;
  const essayIndex = list.findIndex((t) => t.task_type_id === 16);
  const genaiIndex = list.findIndex((t) => t.task_type_id === 17);
  expect(essayIndex).toBeGreaterThan(0);
  const essayId = list[essayIndex]!.task_id;

  // The essay: Save stays disabled until there is text; one attempt is listed with its length.
  await learner.goto(`/chapter_content/${chapterId}`);
  await learner.getByTestId('task-tab').nth(essayIndex).click();
  await expect(learner.getByTestId('task-pane')).toHaveAttribute('data-task-type', '16');
  await expect(learner.getByTestId('task-assignment')).toContainText('explain why a web page should use headings');
  await expect(learner.getByTestId('essay-save')).toBeDisabled();
  await learner.getByTestId('essay-editor').locator('.ProseMirror').click();
  await learner.keyboard.type(essayText);
  await learner.getByTestId('essay-save').click();
  await expect(learner.getByTestId('essay-attempt')).toHaveCount(1);
  await expect(learner.getByTestId('essay-attempt').first()).toContainText(`${essayText.length} characters`);
  // Unchanged since the last save: nothing to send; coming back, the editor starts from the saved essay.
  await expect(learner.getByTestId('essay-save')).toBeDisabled();
  await learner.reload();
  await learner.getByTestId('task-tab').nth(essayIndex).click();
  await expect(learner.getByTestId('essay-editor').locator('.ProseMirror')).toContainText(essayText);
  await expect(learner.getByTestId('essay-save')).toBeDisabled();
  await expectNoA11yViolations(learner, { label: 'essay player' });
  await learner.screenshot({ path: screenshotPath('essay-player'), fullPage: true });

  // The GenAI dialogue: 3 exchanges; delete-last is disabled at one exchange.
  await learner.getByTestId('task-tab').nth(genaiIndex).click();
  await expect(learner.getByTestId('task-pane')).toHaveAttribute('data-task-type', '17');
  await expect(learner.getByTestId('genai-help')).toContainText('Lectio does not call any AI model');
  await expect(learner.getByTestId('genai-delete-last')).toBeDisabled();
  for (let i = 0; i < 3; i++) {
    if (i > 0) await learner.getByTestId('genai-add').click();
    await learner.getByTestId(`genai-prompt-${i}`).fill(`How do I make list ${i + 1} accessible?`);
    await learner.getByTestId(`genai-reply-${i}`).fill(`Use a ul element with li items (${i + 1}).`);
    await learner.getByTestId(`genai-reflection-${i}`).fill(`Right: screen readers count the items (${i + 1}).`);
  }
  await expect(learner.getByTestId('genai-exchange')).toHaveCount(3);
  await learner.getByTestId('essay-save').click();
  await expect(learner.getByTestId('essay-attempt')).toHaveCount(1);
  await expectNoA11yViolations(learner, { label: 'genai player' });
  await learner.screenshot({ path: screenshotPath('genai-player'), fullPage: true });
  const dialogue = await apiAs(learner, '/get-my-answers', { method: 'POST', json: { task_id: list[genaiIndex]!.task_id } });
  expect(JSON.parse(dialogue.list[0].answers)).toHaveLength(3);

  // The teacher scores and comments the learner's essay in the task detail.
  await page.goto(`/teacher_task_detail/${courseId}/${chapterId}/${lessonId}/${essayId}`);
  // The learner joined by key: the row shows their full name; their essay names the review.
  const review = page.getByTestId('essay-review').filter({ hasText: essayText });
  await expect(review).toHaveCount(1);
  await expect(review.getByTestId('essay-answer')).toContainText(essayText);
  await review.getByTestId('review-score').fill('8');
  await review.getByTestId('review-comment').fill('Good start: add an example of a list.');
  await review.getByTestId('review-save').click();
  await expect(review.getByTestId('review-saved')).toHaveText('This is info: Saved succesfully');
  await expectNoA11yViolations(page, { label: 'teacher essay review' });
  await page.screenshot({ path: screenshotPath('essay-teacher-review'), fullPage: true });

  // The learner's editor locks with the spec's text; the score arrived.
  await learner.getByTestId('task-tab').nth(essayIndex).click();
  await learner.reload();
  await learner.getByTestId('task-tab').nth(essayIndex).click();
  await expect(learner.getByTestId('essay-locked')).toHaveText(LOCKED);
  await expect(learner.getByTestId('essay-editor')).toHaveCount(0);
  await expect(learner.getByTestId('essay-locked-answer')).toContainText(essayText);
  await expect(learner.getByTestId('essay-save')).toBeDisabled();
  await expect(learner.getByTestId('essay-attempt').first()).toContainText('Good start: add an example of a list.');
  await expect(learner.getByTestId('essay-attempt').first()).toContainText('8 / 10');
  await expectNoA11yViolations(learner, { label: 'essay player locked' });
  await learner.screenshot({ path: screenshotPath('essay-player-locked'), fullPage: true });

  // Straight to the API: refused with the spec's text.
  const res = await learner.request.post('/api/task-evaluate2', {
    headers: { authorization: `Bearer ${await tokenOf(learner)}`, 'content-type': 'application/json' },
    data: JSON.stringify({ task_id: essayId, task_type_id: 16, time_length: 5, answer_list: JSON.stringify('<p>Changed after the review.</p>') }),
  });
  expect(res.status()).toBe(409);
  expect((await res.json()).message).toBe(LOCKED);
  await context.close();
});
