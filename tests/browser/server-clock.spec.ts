/**
 * One clock (issue 19 part 2): a learner whose computer runs 5 minutes fast still sees a server
 * deadline's remaining time as the server counts it (useServerClock: offset from pong.serverNow).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, loginAs, logout, newLearner } from './fixtures';

async function call(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

const seconds = (text: string) => text.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);

test("a page whose clock is 5 minutes fast shows a competition's remaining time within 1 s of the server's", async ({ page, request }) => {
  // Prepare: the demo course's id (from the demo student), a new learner in it who joins a competition without a key
  await login(page, 'student');
  const mine = (await call(page, 'GET', '/get-active-user-courses2')).body.list as Array<{ course_id: number; name: string }>;
  const courseId = mine.find((c) => c.name === 'Python basics')!.course_id;
  await logout(page);
  const learner = await newLearner(request, 'clock');
  await page.clock.setSystemTime(Date.now() + 5 * 60_000);
  await loginAs(page, learner.email, learner.password);
  expect((await call(page, 'POST', `/write-user-course/${courseId}`, {})).status).toBe(200);
  const open = (await call(page, 'GET', `/get-competitions/${courseId}`)).body.opened as Array<{ id: number; key: string | null }>;
  const free = open.find((c) => c.key === null)!;
  expect((await call(page, 'POST', '/add-my-competition', { comp_id: free.id, course_id: courseId, comp_key: '' })).status).toBe(200);
  const joined = (await call(page, 'GET', `/get-competitions/${courseId}`)).body.joined as Array<{ id: number; end_at: string }>;
  const deadline = Date.parse(`${joined.find((c) => c.id === free.id)!.end_at.replace(' ', 'T')}Z`);

  // Act
  await page.goto(`/course_content/${courseId}?tab=competitions`);
  const remaining = page.getByTestId('joined-competition').getByTestId('remaining-time');
  await expect(remaining).toHaveAttribute('data-synced', 'true');

  // Assess: the page's own clock is 5 minutes ahead, the remaining time is the server's
  const pageAhead = (await page.evaluate(() => Date.now())) - Date.now();
  expect(pageAhead).toBeGreaterThan(4 * 60_000);
  const shown = seconds((await remaining.textContent())!);
  const serverRemaining = (deadline - Date.now()) / 1000;
  expect(Math.abs(shown - serverRemaining)).toBeLessThanOrEqual(1);
  await expectNoA11yViolations(page, { label: 'competition remaining time' });
});
