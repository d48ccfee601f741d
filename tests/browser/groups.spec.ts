/**
 * Groups (issue 21 items 1-3): the Groups page (create, edit, join with a key as a second user,
 * leave, delete, with the spec's dialogs), the course groups screen (a teacher creates a course group,
 * archives and unarchives it, shows archived and keys; a second teacher teaches it with the teacher
 * key and stops) and the student's study groups (join with the key, leave). Axe on every screen and
 * dialog; screenshots in tests/artifacts/screenshots/groups-*.png.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { countRequests, expectNoA11yViolations, login, loginAs, newLearner, openMenu, screenshotPath } from './fixtures';

const stamp = Date.now().toString(36).slice(-5);
const dialog = (page: Page) => page.getByTestId('message-dialog');

/** A second browser session for another user (its own storage). */
async function otherUser(browser: Browser, request: Parameters<typeof newLearner>[0], tag: string) {
  const user = await newLearner(request, tag);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, user.email, user.password);
  return { page, close: () => context.close() };
}

/**
 * What hides the message dialog from screen readers, if anything: the body's children and the dialog's
 * ancestors with aria-hidden or inert, and the dialog's buttons (the failure message of a flaky step).
 */
async function hiddenState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}[${e.getAttribute('role') ?? ''}] aria-hidden=${e.getAttribute('aria-hidden')} inert=${e.hasAttribute('inert')}`;
    const dialog = document.querySelector('[data-testid="message-dialog"]');
    const ancestors: string[] = [];
    for (let e = dialog; e; e = e.parentElement) if (e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('inert')) ancestors.push(describe(e));
    const buttons = dialog ? Array.from(dialog.querySelectorAll('button')).map((b) => `${b.textContent}${b.disabled ? ' (disabled)' : ''}`) : [];
    return `body: ${Array.from(document.body.children).map(describe).join('; ')} | hidden ancestors: ${ancestors.join('; ') || 'none'} | buttons: ${buttons.join(', ')}`;
  });
}

/** The demo course's id, from the demo student's course card (in a session of its own). */
async function demoCourseId(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'student');
  await page.getByTestId('my-course-card').filter({ hasText: 'Python basics' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/course_content\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await context.close();
  return id;
}

test('Groups page: create, edit (unchanged: no call), join with the key as a second user, leave and delete', async ({ page, browser, request }) => {
  // Two or three users in their own browsers: about 25 s alone, over a minute beside the other lane in CI.
  test.setTimeout(180_000);
  const name = `Club ${stamp}`;
  await login(page, 'teacher');
  await openMenu(page);
  await page.getByTestId('menu-groups').click();
  await expect(page).toHaveURL(/\/groups\/?$/);
  await expect(page.getByRole('heading', { name: 'Member of groups' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Created groups' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Teacher of groups' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'groups' });

  // Create: the spec's texts first, then a valid private group.
  await page.getByTestId('group-create').click();
  const form = page.getByTestId('group-form');
  await form.getByLabel('Group name').fill('abc');
  await page.getByTestId('group-save').click();
  await expect(form.getByText('Group name must have to at least 5 characters')).toBeVisible();
  await expect(form.getByText('Group key must have to at least 5 characters')).toBeVisible();
  await expect(form.getByText('Teacher key must have to at least 5 characters')).toBeVisible();
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'group form' });
  await page.screenshot({ path: screenshotPath('groups-form-errors') });
  await form.getByLabel('Group name').fill(name);
  await form.getByLabel('Group key').fill(`gk-${stamp}`);
  await form.getByLabel('Teacher key').fill(`tk-${stamp}`);
  await page.getByTestId('group-save').click();
  await expect(form).toHaveCount(0);
  const created = page.getByTestId('created-group').filter({ hasText: name });
  await expect(created).toContainText(`Group key: gk-${stamp}`);

  // Edit without a change closes without a call; a change is saved.
  const changes = countRequests(page, 'POST', '/change-group');
  await created.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByTestId('group-save').click();
  await expect(form).toHaveCount(0);
  expect(changes.count).toBe(0);
  await created.getByRole('button', { name: `Edit ${name}` }).click();
  await form.getByLabel('Group name').fill(`${name}!`);
  await page.getByTestId('group-save').click();
  await expect(form).toHaveCount(0);
  const renamed = page.getByTestId('created-group').filter({ hasText: `${name}!` });
  await expect(renamed).toBeVisible();
  expect(changes.count).toBe(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('groups-page'), fullPage: true });

  // A second user joins as member: the key dialog, a wrong key, then the right one.
  const second = await otherUser(browser, request, 'grp');
  const p2 = second.page;
  await p2.goto('/groups');
  await p2.getByTestId('group-join').click();
  await p2.getByTestId('join-group').getByRole('combobox').fill(`${name}!`);
  await p2.getByRole('option', { name: `${name}!` }).click();
  await expectNoA11yViolations(p2, { include: '[role="dialog"]', label: 'join dialog' });
  await p2.getByTestId('join-submit').click();
  await expect(dialog(p2)).toContainText(`Enter the key to join the group "${name}!".`);
  await expectNoA11yViolations(p2, { include: '[role="dialog"]', label: 'group key dialog' });
  await p2.screenshot({ path: screenshotPath('groups-key-dialog') });
  await dialog(p2).getByLabel('Key').fill('wrong-key');
  // Named by role, the button is only found when the dialog is not hidden from screen readers (CI once
  // waited here until the test's time ran out): fail in 10 s, with the dialog's state in the report.
  await expect(dialog(p2).getByRole('button', { name: 'Join' }), await hiddenState(p2)).toBeVisible();
  await dialog(p2).getByRole('button', { name: 'Join' }).click();
  await expect(p2.getByText('The group key is not correct.')).toBeVisible();
  await p2.getByTestId('group-join').click();
  await p2.getByTestId('join-group').getByRole('combobox').fill(`${name}!`);
  await p2.getByRole('option', { name: `${name}!` }).click();
  await p2.getByTestId('join-submit').click();
  await dialog(p2).getByLabel('Key').fill(`gk-${stamp}`);
  await dialog(p2).getByRole('button', { name: 'Join' }).click();
  const membership = p2.getByTestId('member-group').filter({ hasText: `${name}!` });
  await expect(membership).toBeVisible();
  await expectNoA11yViolations(p2, { label: 'groups (member)' });

  // Leave with the spec's question.
  await membership.getByRole('button', { name: `Leave ${name}!` }).click();
  await expect(dialog(p2)).toContainText(`Are you sure? Do you want to leave the group "${name}!"?`);
  await dialog(p2).getByRole('button', { name: 'Yes' }).click();
  await expect(membership).toHaveCount(0);
  await second.close();

  // The owner deletes, with the spec's question.
  await renamed.getByRole('button', { name: `Delete ${name}!` }).click();
  await expect(dialog(page)).toContainText(`Are you sure? You want to delete group "${name}!". It can include students.`);
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'delete dialog' });
  await dialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(renamed).toHaveCount(0);
});

test('course groups: create, archive, show archived and keys; a second teacher teaches and stops; a student joins and leaves', async ({ page, browser, request }) => {
  // Two or three users in their own browsers: about 25 s alone, over a minute beside the other lane in CI.
  test.setTimeout(180_000);
  const courseId = await demoCourseId(browser);
  const name = `Class ${stamp}`;
  const groupKey = `stud-${stamp}`;
  const teacherKey = `teach-${stamp}`;

  // The screen under one of its names (the course page's teacher box links to it once the course is
  // started: web course-content-page.test.tsx; starting it here would change the demo teacher for other specs).
  await login(page, 'teacher');
  await page.goto(`/teacher_groups/${courseId}`);
  await expect(page.getByRole('heading', { name: 'Groups of the course' })).toBeVisible();
  await expect(page.getByTestId('breadcrumbs').getByRole('link', { name: 'Python basics' })).toHaveAttribute('href', `/course_content/${courseId}`);
  await expectNoA11yViolations(page, { label: 'course groups' });

  // Create: required and 5-30 characters, then a valid group.
  await page.getByTestId('course-group-new').click();
  const form = page.getByTestId('course-group-form');
  await form.getByLabel('Group name').fill('abc');
  await page.getByTestId('course-group-save').click();
  await expect(form.getByText('Use 5-30 chars.')).toBeVisible();
  await expect(form.getByText('The value is required')).toHaveCount(2);
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'course group form' });
  await form.getByLabel('Group name').fill(name);
  await form.getByLabel('Group key').fill(groupKey);
  await form.getByLabel('Teacher key').fill(teacherKey);
  await page.getByTestId('course-group-save').click();
  await expect(form).toHaveCount(0);
  const row = page.getByTestId('created-course-group').filter({ hasText: name });
  await expect(row).toBeVisible();

  // Show keys, then archive: hidden until 'Show archived', then unarchived.
  await row.getByRole('button', { name: `Show keys of ${name}` }).click();
  await expect(row.getByTestId('group-keys')).toHaveText(`Group key: ${groupKey} · Teacher key: ${teacherKey}`);
  await page.screenshot({ path: screenshotPath('groups-course-keys'), fullPage: true });
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('show-archived').click();
  await expect(row).toHaveAttribute('data-archived', '1');
  await expect(row).toContainText('Archived');
  await expectNoA11yViolations(page, { label: 'course groups (archived shown)' });
  await page.screenshot({ path: screenshotPath('groups-course-archived'), fullPage: true });
  await row.getByRole('button', { name: `Unarchive ${name}` }).click();
  await expect(row).toHaveAttribute('data-archived', '0');

  // A second teacher teaches it with the teacher key, then stops.
  const second = await otherUser(browser, request, 'tch');
  const p2 = second.page;
  await p2.goto(`/course_groups/${courseId}`);
  await expect(p2.getByRole('heading', { name: 'Groups of the course' })).toBeVisible();
  await p2.getByTestId('teach-open').click();
  await p2.getByTestId('teach-group').getByRole('combobox').fill(name);
  await p2.getByRole('option', { name }).click();
  await expectNoA11yViolations(p2, { include: '[role="dialog"]', label: 'teach dialog' });
  await p2.getByTestId('teach-submit').click();
  await expect(dialog(p2)).toContainText(`"${name}" is a teaching group. Type teacher key.`);
  await dialog(p2).getByLabel('Key').fill(teacherKey);
  await dialog(p2).getByRole('button', { name: 'Join' }).click();
  const taught = p2.getByTestId('teaching-course-group').filter({ hasText: name });
  await expect(taught).toBeVisible();
  await expectNoA11yViolations(p2, { label: 'course groups (second teacher)' });
  await p2.screenshot({ path: screenshotPath('groups-course-second-teacher'), fullPage: true });
  await taught.getByRole('button', { name: `Stop teaching ${name}` }).click();
  await dialog(p2).getByRole('button', { name: 'Yes' }).click();
  await expect(taught).toHaveCount(0);
  await second.close();

  // A student joins on the course settings with the key, then leaves.
  const student = await otherUser(browser, request, 'stu');
  const p3 = student.page;
  await p3.goto(`/student_settings/${courseId}`);
  await expect(p3.getByRole('heading', { name: 'My study groups' }).first()).toBeVisible();
  await expectNoA11yViolations(p3, { label: 'student settings' });
  await p3.getByTestId('study-group-picker').getByRole('combobox').fill(name);
  await p3.getByRole('option', { name }).click();
  await p3.getByTestId('study-group-join').click();
  await expect(dialog(p3)).toContainText(`Enter the key to join the group "${name}".`);
  await dialog(p3).getByLabel('Key').fill(groupKey);
  await dialog(p3).getByRole('button', { name: 'Join' }).click();
  const chip = p3.getByTestId('study-group').filter({ hasText: name });
  await expect(chip).toBeVisible();
  await expectNoA11yViolations(p3, { label: 'student settings (joined)' });
  await p3.screenshot({ path: screenshotPath('groups-student-settings'), fullPage: true });
  await chip.locator('.MuiChip-deleteIcon').click();
  await expect(dialog(p3)).toContainText(`Are you sure? Do you want to leave the group "${name}"?`);
  await dialog(p3).getByRole('button', { name: 'Yes' }).click();
  await expect(chip).toHaveCount(0);
  await student.close();

  // The owner deletes the course group.
  await page.reload();
  const again = page.getByTestId('created-course-group').filter({ hasText: name });
  await again.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(dialog(page)).toContainText(`Are you sure? You want to delete group "${name}". It can include students.`);
  await dialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(again).toHaveCount(0);
});
