/**
 * Questionnaires (issue 23 item 3): the admin builds a questionnaire with every question type 0-8 on
 * two pages in the paged editor (add page, edit mode: reorder, move to another page, delete) and sends
 * it to Class 1.A; a member answers page 1, reloads halfway (answers and page kept), finishes page 2,
 * reloads again and submits; the questionnaire is then finished and read-only. Axe on every screen;
 * screenshots tests/artifacts/screenshots/questionnaires-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, loginAs, newLearner, openMenu, screenshotPath } from './fixtures';

const stamp = Date.now().toString(36).slice(-5);
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = method === 'GET' ? await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } }) : await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json()) as Record<string, any> };
}

/** Adds an element of a type on the page shown: its description, then its other fields. */
async function addElement(page: Page, type: number, description: string, fields: Record<string, string> = {}) {
  await page.getByTestId('add-question').click();
  await page.getByTestId(`add-type-${type}`).click();
  const form = page.getByRole('dialog');
  await form.getByTestId('element-description').locator('.ProseMirror').click();
  await page.keyboard.type(description);
  for (const [testId, value] of Object.entries(fields)) await form.getByTestId(testId).fill(value);
  await form.getByTestId('element-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.locator('[data-testid^="element-"]').filter({ hasText: description }).first()).toBeVisible();
}

test('an admin builds and sends a questionnaire of every type; a member answers, reloads, submits', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const title = `Survey ${stamp}`;
  await login(page, 'admin');
  await openMenu(page);
  await page.getByTestId('menu-que_list').click();
  await expect(page).toHaveURL(/\/que_list$/);
  await expect(page.getByRole('heading', { name: 'Questionnaires', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Course feedback' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'questionnaire list' });

  // The editor: a new questionnaire is made by its first element.
  await page.getByTestId('questionnaire-new').click();
  await expect(page).toHaveURL(/\/questionnaire\/0$/);
  await expect(page.getByRole('heading', { name: 'New questionnaire', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'new questionnaire' });
  await page.getByTestId('add-question').click();
  await page.getByTestId('add-type-0').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByTestId('element-description').locator('.ProseMirror').click();
  await page.keyboard.type(title);
  await expectNoA11yViolations(page, { label: 'element form' });
  await page.getByRole('dialog').getByTestId('element-save').click();
  await expect(page).toHaveURL(/\/questionnaire\/[1-9]\d*\?page=1$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // A choice type without choices: the form says so before anything is sent.
  await page.getByTestId('add-question').click();
  await page.getByTestId('add-type-2').click();
  await page.getByRole('dialog').getByTestId('element-save').click();
  await expect(page.getByRole('dialog').getByText('Write at least one choice, one per line.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await addElement(page, 1, 'Please answer honestly.');
  await addElement(page, 2, 'How was the pace?', { 'element-choices': 'Slow\nRight\nFast' });
  await addElement(page, 3, 'Which topics helped?', { 'element-choices': 'Loops\nFunctions\nLists' });
  await addElement(page, 4, 'Where did you learn?', { 'element-choices': 'School\nHome', 'element-other': 'Elsewhere' });
  await page.getByTestId('add-page').click();
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByText('This page is empty. Add a question.')).toBeVisible();
  await addElement(page, 5, 'Which devices?', { 'element-choices': 'Laptop\nPhone', 'element-other': 'Another' });
  await addElement(page, 6, 'What would you change?');
  await addElement(page, 7, 'Tasks were clear.', { 'element-first': 'Disagree', 'element-last': 'Agree' });
  await addElement(page, 8, 'I would recommend it.', { 'element-first': 'Never', 'element-last': 'Surely' });
  await addElement(page, 1, 'Temporary note');

  // Edit mode: reorder, move to another page, delete.
  await page.getByTestId('edit-mode').check();
  const elements = page.locator('[data-testid^="element-"]').filter({ has: page.getByTestId('element-type') });
  await expect(elements).toHaveCount(5);
  await expect(elements.last()).toContainText('Temporary note');
  await elements.last().getByTestId('element-up').click();
  await expect(elements.nth(3)).toContainText('Temporary note');
  await elements.nth(3).getByTestId('element-move').click();
  await page.getByRole('option', { name: 'Page 1' }).click();
  await expect(elements).toHaveCount(4);
  await expect(elements.nth(3)).toContainText('I would recommend it.');
  await expectNoA11yViolations(page, { label: 'questionnaire editor page 2, edit mode' });
  await page.screenshot({ path: screenshotPath('questionnaires-editor'), fullPage: true });
  await page.getByTestId('page-tab-1').click();
  await expect(elements).toHaveCount(6);
  const temp = elements.filter({ hasText: 'Temporary note' });
  await temp.getByTestId('element-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(elements).toHaveCount(5);
  await expect(elements.first()).toContainText(title);

  // Send it to Class 1.A.
  await page.goto('/que_list');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Send ${title}` }).click();
  const send = page.getByRole('dialog');
  await send.getByTestId('send-confirm').click();
  await expect(send.getByText('Select at least one group or course.')).toBeVisible();
  await send.getByRole('group', { name: 'Groups' }).getByLabel('Class 1.A').check();
  await expectNoA11yViolations(page, { label: 'send dialog' });
  await page.screenshot({ path: screenshotPath('questionnaires-send'), fullPage: true });
  await send.getByTestId('send-confirm').click();
  await expect(send).toHaveCount(0);
  await expect(page.getByText(`"${title}" was sent.`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('questionnaires-list'), fullPage: true });

  // A member of Class 1.A.
  const adminToken = await tokenOf(page);
  const classId = (await call(request, adminToken, 'GET', '/get-questionaires')).body.groups.find((g: { group_name: string }) => g.group_name === 'Class 1.A').id;
  const member = await newLearner(request, `qm${stamp}`);
  const context = await browser.newContext();
  const student = await context.newPage();
  await loginAs(student, member.email, member.password);
  expect((await call(request, await tokenOf(student), 'POST', '/add-to-group', { list_type: 1, id: classId, group_key: 'class-1a-key', teacher_key: '' })).status).toBe(200);
  await openMenu(student);
  await student.getByTestId('menu-myquestionnaires').click();
  await expect(student).toHaveURL(/\/myquestionnaires$/);
  const mine = student.getByRole('row').filter({ hasText: title });
  await expect(mine).toContainText('Class 1.A');
  await expect(mine).toContainText('Not started');
  await expectNoA11yViolations(student, { label: 'my questionnaires' });
  await mine.getByRole('link', { name: title }).click();

  // Page 1: one choice, multi choice, one choice with other.
  await expect(student.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(student.getByTestId('questionnaire-page')).toHaveText('Page 1 of 2');
  await expect(student.getByText('Please answer honestly.')).toBeVisible();
  const saved = () => student.waitForResponse((r) => r.url().endsWith('/api/save-my-qanswer') && r.status() === 200);
  let done = saved();
  await student.getByTestId('answer-2').getByLabel('Right').check();
  await done;
  done = saved();
  await student.getByTestId('answer-3').getByLabel('Loops').check();
  await done;
  done = saved();
  await student.getByTestId('answer-3').getByLabel('Lists').check();
  await done;
  done = saved();
  await student.getByTestId('answer-4').getByLabel('Elsewhere').check();
  await done;
  done = saved();
  await student.getByTestId('answer-4-other-text').fill('Library');
  await student.getByTestId('answer-4-other-text').blur();
  await done;
  await expectNoA11yViolations(student, { label: 'answering page 1' });

  // Halfway: a reload keeps every answer.
  await student.reload();
  await expect(student.getByTestId('answer-2').getByLabel('Right')).toBeChecked();
  await expect(student.getByTestId('answer-3').getByLabel('Loops')).toBeChecked();
  await expect(student.getByTestId('answer-3').getByLabel('Functions')).not.toBeChecked();
  await expect(student.getByTestId('answer-3').getByLabel('Lists')).toBeChecked();
  await expect(student.getByTestId('answer-4').getByLabel('Elsewhere')).toBeChecked();
  await expect(student.getByTestId('answer-4-other-text')).toHaveValue('Library');

  // Page 2: multi with other, free answer, Likert 5 and 7.
  await student.getByTestId('questionnaire-next').click();
  await expect(student).toHaveURL(/page=2$/);
  done = saved();
  await student.getByTestId('answer-5').getByLabel('Phone').check();
  await done;
  done = saved();
  await student.getByTestId('answer-6').fill('More programming tasks');
  await student.getByTestId('answer-6').blur();
  await done;
  done = saved();
  await student.getByTestId('answer-7').getByRole('radio', { name: '4' }).check();
  await done;
  done = saved();
  await student.getByTestId('answer-8').getByRole('radio', { name: '7 Surely' }).check();
  await done;
  await expectNoA11yViolations(student, { label: 'answering page 2' });
  await student.reload();
  await expect(student.getByTestId('questionnaire-page')).toHaveText('Page 2 of 2');
  await expect(student.getByTestId('answer-6')).toHaveValue('More programming tasks');
  await expect(student.getByTestId('answer-8').getByRole('radio', { name: '7 Surely' })).toBeChecked();
  await student.screenshot({ path: screenshotPath('questionnaires-answering'), fullPage: true });

  // Submit: finished and read-only.
  await student.getByTestId('questionnaire-submit').click();
  await expect(student.getByRole('dialog')).toContainText('Your answers can no longer be changed');
  await student.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(student.getByText('Questionnaire submitted. Score: 7')).toBeVisible();
  await expect(student.getByTestId('questionnaire-status')).toHaveText('Finished');
  await expect(student.getByTestId('questionnaire-finished')).toBeVisible();
  await expect(student.getByTestId('questionnaire-submit')).toHaveCount(0);
  await expect(student.getByTestId('answer-7').getByRole('radio', { name: '4' })).toBeDisabled();
  await expect(student.getByTestId('answer-6')).toBeDisabled();
  await expectNoA11yViolations(student, { label: 'finished questionnaire' });
  await student.screenshot({ path: screenshotPath('questionnaires-finished'), fullPage: true });
  await student.goto('/myquestionnaires');
  await expect(student.getByRole('row').filter({ hasText: title })).toContainText('Finished');
  await context.close();
});
