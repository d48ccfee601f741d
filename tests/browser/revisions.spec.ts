/**
 * Revisions (issue 22 item 4): the demo teacher opens a revision to Class 1.A on the teacher revisions
 * page (the spec's first save text, then a valid form); a member of Class 1.A sees it on the course
 * page's Revisions tab and on /revisions_student, takes it on /revision_student (countdown bar, an
 * answer, Submit ALL with the spec's question) and sees the result; the teacher sees the attempt on
 * the students overview /revisions_teacher; a non-member does not see it, cannot open it (the screen
 * shows the server's refusal) and the server refuses them. Axe on every screen and dialog;
 * screenshots tests/artifacts/screenshots/revisions-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, loginAs, newLearner, screenshotPath } from './fixtures';

const stamp = Date.now().toString(36).slice(-5);
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json()) as Record<string, any> };
}

test('a teacher opens a revision to Class 1.A; a member takes it and sees the result; the teacher sees the attempt; a non-member cannot open it', async ({ page, browser, request }) => {
  // three users, the player and the overview: over the 60 s default on a loaded machine
  test.setTimeout(180_000);
  const title = `Revision ${stamp}`;
  await login(page, 'teacher');
  const teacherToken = await tokenOf(page);
  const demo = await post(request, teacherToken, '/get-course-revisions', { course_id: 0 });
  expect(demo.status).toBe(403);
  // The demo course: the first course whose revisions page lists Class 1.A.
  let courseId = 0;
  for (let id = 1; id < 20 && !courseId; id++) {
    const res = await post(request, teacherToken, '/get-course-revisions', { course_id: id });
    if (res.status === 200 && res.body.groups.some((g: { name: string }) => g.name === 'Class 1.A')) courseId = id;
  }
  expect(courseId).toBeGreaterThan(0);
  const groupId = (await post(request, teacherToken, '/get-course-revisions', { course_id: courseId })).body.groups.find((g: { name: string }) => g.name === 'Class 1.A').id;

  await page.goto(`/revisions_teacher_revisions/${courseId}`);
  await expect(page.getByRole('heading', { name: 'Revisions', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Student list' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'teacher revisions' });
  await page.getByRole('button', { name: 'New revision' }).click();
  const form = page.getByRole('form', { name: 'New revision' });
  await expect(form.getByLabel('Time limit (s)')).toHaveValue('450');
  await expect(form.getByLabel('Tasks')).toHaveValue('10');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title is missing.')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Chapters are not selected - select at least one chapter.')).toBeVisible();
  for (const box of await form.getByRole('group', { name: 'Chapters' }).getByRole('checkbox').all()) await box.check();
  // single choice only: the member answers a question (program tasks are not answered in a revision)
  await form.getByRole('group', { name: 'Task types' }).getByLabel('Type 3').check();
  await form.getByRole('group', { name: 'Groups' }).getByLabel('Class 1.A').check();
  await form.getByLabel('Tasks').fill('1');
  await expectNoA11yViolations(page, { label: 'revision form' });
  await page.screenshot({ path: screenshotPath('revisions-form'), fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Class 1.A');
  await expect(page.getByRole('button', { name: 'New revision' })).toBeEnabled();
  await page.screenshot({ path: screenshotPath('revisions-teacher'), fullPage: true });

  // A member of Class 1.A.
  const member = await newLearner(request, `rm${stamp}`);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await loginAs(memberPage, member.email, member.password);
  const memberToken = await tokenOf(memberPage);
  await post(request, memberToken, `/write-user-course/${courseId}`, {});
  expect((await post(request, memberToken, '/add-student-to-course-group', { group_id: groupId, group_key: 'class-1a-key', course_id: courseId })).status).toBe(200);
  await memberPage.goto(`/course_content/${courseId}?tab=revisions`);
  await expect(memberPage.getByRole('row').filter({ hasText: title })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: `Start ${title}` })).toBeVisible();
  await expectNoA11yViolations(memberPage, { label: 'course revisions tab' });
  await memberPage.goto(`/revisions_student/${courseId}`);
  await expect(memberPage.getByRole('row').filter({ hasText: title })).toContainText('450');
  await expectNoA11yViolations(memberPage, { label: 'student revisions' });
  await memberPage.screenshot({ path: screenshotPath('revisions-student'), fullPage: true });

  // The member takes it: the timed player on the server's clock, an answer, Submit ALL, the result.
  await memberPage.getByRole('link', { name: `Start ${title}` }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/revision_student/${courseId}/\\d+$`));
  await expect(memberPage.getByTestId('countdown-bar')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const remaining = Number(await memberPage.getByTestId('competition-remaining').getAttribute('data-remaining-ms'));
  expect(remaining).toBeGreaterThan(440_000);
  expect(remaining).toBeLessThanOrEqual(450_000);
  await expect(memberPage.getByTestId('task-tab')).toHaveCount(1);
  await memberPage.getByRole('radio').first().check();
  await memberPage.getByTestId('check').click();
  await expect(memberPage.getByTestId('verdict')).toBeVisible();
  await expect(memberPage.getByTestId('task-tab').first()).not.toHaveAttribute('data-status', 'blank');
  await expectNoA11yViolations(memberPage, { label: 'revision player' });
  await memberPage.screenshot({ path: screenshotPath('revisions-player'), fullPage: true });
  await memberPage.getByTestId('submit-all').click();
  const dialog = memberPage.getByTestId('message-dialog');
  await expect(dialog).toContainText('Are you sure? Do you want to finish?');
  await expectNoA11yViolations(memberPage, { include: '[role="dialog"]', label: 'revision submit all dialog' });
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(memberPage.getByTestId('revision-result')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: `Result: ${title}`, level: 1 })).toBeVisible();
  await expect(memberPage.getByTestId('revision-result-row')).toHaveCount(1);
  const total = (await memberPage.getByTestId('revision-total').textContent())!;
  expect(total).toMatch(/^\d+(\.\d+)? \/ \d+(\.\d+)?$/);
  await expectNoA11yViolations(memberPage, { label: 'revision result' });
  await memberPage.screenshot({ path: screenshotPath('revisions-result'), fullPage: true });
  // the server refuses an answer after the end
  const revIdTaken = Number(memberPage.url().split('/').pop());
  const late = await post(request, memberToken, '/revision-evaluate', { course_id: courseId, rev_id: revIdTaken, task_id: 1, task_type_id: 3, answer_list: '[0]' });
  expect([late.status, late.body.message]).toEqual([409, 'The revision has ended. Answers are no longer accepted.']);
  await memberContext.close();

  // The teacher's students overview: the member's finished attempt.
  await page.getByRole('link', { name: 'Student list' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisions_teacher/${courseId}$`));
  await expect(page.getByRole('heading', { name: 'Students of the revision', level: 1 })).toBeVisible();
  await page.goto(`/revisions_teacher/${courseId}?rev=${revIdTaken}`);
  await expect(page.getByTestId('revision-select')).toContainText(title);
  await expect(page.getByTestId('group-chips')).toContainText('Class 1.A');
  const memberRow = page.getByTestId('revision-students').getByRole('row').filter({ hasText: 'Finished' });
  await expect(memberRow).toHaveCount(1);
  await expect(memberRow).toContainText(total);
  await expectNoA11yViolations(page, { label: 'revision students overview' });
  await page.screenshot({ path: screenshotPath('revisions-overview'), fullPage: true });

  // A non-member: not listed, and the server refuses the attempt.
  const other = await newLearner(request, `rn${stamp}`);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await loginAs(otherPage, other.email, other.password);
  await otherPage.goto(`/revisions_student/${courseId}`);
  await expect(otherPage.getByText('No revision is opened to you in this course.')).toBeVisible();
  await expectNoA11yViolations(otherPage, { label: 'student revisions empty' });
  const revId = (await post(request, teacherToken, '/get-course-revisions', { course_id: courseId })).body.revisions.find((r: { rev_title: string }) => r.rev_title === title).id;
  const refused = await post(request, await tokenOf(otherPage), '/get-student-revision', { course_id: courseId, rev_id: revId });
  expect([refused.status, refused.body.message]).toEqual([403, 'This revision is not opened to you.']);
  // nor open it in the browser: the screen shows the refusal
  await otherPage.goto(`/revision_student/${courseId}/${revId}`);
  await expect(otherPage.getByTestId('revision-refused')).toContainText('This revision is not opened to you.');
  await expect(otherPage.getByTestId('countdown-bar')).toHaveCount(0);
  await expectNoA11yViolations(otherPage, { label: 'revision refused' });
  await otherPage.screenshot({ path: screenshotPath('revisions-refused'), fullPage: true });
  await otherContext.close();
});
