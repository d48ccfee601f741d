/**
 * Messages and users activity (issue 23 items 1, 2, 4): the admin writes a message in English and
 * Slovak on /edit_message and sends it to the demo class (Class 1.A, which the demo admin teaches); a
 * logged-in member of the class sees the header's unread count go up without a reload, opens the
 * message list and reads the message (the count goes down); the admin's /users_activity shows the
 * login, the send and the read. Axe on every screen; screenshots tests/artifacts/screenshots/messages-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, loginAs, newLearner, openMenu, screenshotPath } from './fixtures';

const stamp = Date.now().toString(36).slice(-5);
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = method === 'GET' ? await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } }) : await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json()) as Record<string, any> };
}

test('an admin sends a message in two languages to Class 1.A; a member sees it arrive live and reads it; the activity shows it', async ({ page, browser, request }) => {
  const title = `Field trip ${stamp}`;
  await login(page, 'admin');
  const adminToken = await tokenOf(page);

  // A member of Class 1.A, logged in on the dashboard.
  const classId = (await call(request, adminToken, 'GET', '/get-admin-message/0')).body.groups.find((g: { name: string }) => g.name === 'Class 1.A').id as number;
  const courses = (await call(request, adminToken, 'GET', '/get-teacher-courses')).body;
  const member = await newLearner(request, `mm${stamp}`);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await loginAs(memberPage, member.email, member.password);
  const memberToken = await tokenOf(memberPage);
  let joined = false;
  for (let courseId = 1; courseId < 20 && !joined; courseId++) {
    joined = (await call(request, memberToken, 'POST', '/add-student-to-course-group', { group_id: classId, group_key: 'class-1a-key', course_id: courseId })).status === 200;
  }
  expect(joined, JSON.stringify(courses).slice(0, 100)).toBe(true);
  const badge = memberPage.getByTestId('header-unread');
  await expect(badge).toHaveAttribute('data-count', '0');

  // The admin's list, from the side menu.
  await openMenu(page);
  await page.getByTestId('menu-message_admin_list').click();
  await expect(page).toHaveURL(/\/message_admin_list$/);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  // The demo's four messages (one of each type).
  for (const demo of ['Well done, Class 1.A', 'New chapter next week', 'Revision deadline', 'Server maintenance']) await expect(page.getByTestId('message-admin-grid').getByRole('row').filter({ hasText: demo })).toHaveCount(1);
  await expectNoA11yViolations(page, { label: 'message admin list' });
  await page.screenshot({ path: screenshotPath('messages-admin-list'), fullPage: true });

  // A new message: type warning, English then Slovak.
  await page.getByTestId('message-new').click();
  await expect(page).toHaveURL(/\/edit_message\/0$/);
  await page.getByRole('main').getByLabel('Type').click();
  await page.getByRole('option', { name: 'Warning' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The value is required')).toBeVisible();
  await page.getByTestId('message-title-input').fill(title);
  const editor = page.getByTestId('message-description').getByRole('textbox');
  await editor.click();
  await editor.pressSequentially('Bring warm clothes.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/edit_message\/\d+$/);
  await expect(page.getByText('Message saved.')).toBeVisible();
  await page.getByRole('main').getByLabel('Language').click();
  await page.getByRole('option', { name: 'Slovenčina' }).click();
  await expect(page.getByTestId('message-title-input')).toHaveValue('');
  await page.getByTestId('message-title-input').fill(`Exkurzia ${stamp}`);
  await editor.click();
  await editor.pressSequentially('Oblečte sa teplo.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('message-entries').getByRole('button')).toHaveCount(2);
  await expect(page.getByTestId('message-finish-date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('message-groups').getByLabel('Class 1.A').check();
  await expectNoA11yViolations(page, { label: 'edit message' });
  await page.screenshot({ path: screenshotPath('messages-edit'), fullPage: true });

  // Sent: the member's header count goes up with no reload.
  let reloaded = false;
  memberPage.on('framenavigated', (frame) => {
    if (frame === memberPage.mainFrame()) reloaded = true;
  });
  await page.getByTestId('message-send').click();
  await expect(page.getByText(/^Sent to \d+ users\.$/)).toBeVisible();
  await expect(badge).toHaveAttribute('data-count', '1', { timeout: 10_000 });
  expect(reloaded).toBe(false);
  await memberPage.screenshot({ path: screenshotPath('messages-member-header'), fullPage: false });

  // The member opens the list and reads it.
  await memberPage.getByTestId('header-messages').click();
  await expect(memberPage).toHaveURL(/\/message_list$/);
  const row = memberPage.getByTestId('message-row').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.locator('strong')).toContainText(title);
  await expectNoA11yViolations(memberPage, { label: 'message list' });
  await row.getByTestId('message-row-title').click();
  await expect(memberPage.getByTestId('message-open-view')).toContainText('Bring warm clothes.');
  await expect(row).toHaveAttribute('data-unread', 'false');
  await expect(badge).toHaveAttribute('data-count', '0');
  await expectNoA11yViolations(memberPage, { label: 'message open' });
  await memberPage.screenshot({ path: screenshotPath('messages-member-list'), fullPage: true });
  await memberContext.close();

  // The activity table: the member's login and read, the admin's send.
  await openMenu(page);
  await page.getByTestId('menu-users_activity').click();
  await expect(page).toHaveURL(/\/users_activity$/);
  const grid = page.getByTestId('activity-grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectNoA11yViolations(page, { label: 'users activity' });
  await page.getByTestId('activity-filter-user').fill(member.email);
  await page.getByTestId('activity-filter-apply').click();
  await expect(grid.getByRole('row').filter({ hasText: 'read message' })).toHaveCount(1);
  await expect(grid.getByRole('row').filter({ hasText: 'login' })).toHaveCount(1);
  await page.getByTestId('activity-filter-user').fill('admin@example.com');
  await page.getByTestId('activity-filter-action').fill('send message');
  await page.getByTestId('activity-filter-apply').click();
  await expect(grid.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await expectNoA11yViolations(page, { label: 'users activity filtered' });
  await page.screenshot({ path: screenshotPath('messages-activity'), fullPage: true });
});
