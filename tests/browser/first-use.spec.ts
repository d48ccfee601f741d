/**
 * First-use polish (issue 9): what a newcomer tripped over. Double submits, Enter in the key
 * dialog, the language picked before login, bad deep links, stale feedback, the password wizard and
 * Back, and server messages in the user's language. Each test uses a fresh learner.
 */
import { expect, test, type Page } from '@playwright/test';
import { countRequests, countRequestsTo, expectNoA11yViolations, loginAs, mailTo, mailsTo, newLearner, screenshotPath } from './fixtures';

const courseCard = (page: Page, name: string) =>
  page.getByTestId('course-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Catalogue → Programming → Python: the area's course list. */
async function openPythonArea(page: Page) {
  await page.goto('/categories');
  await page.getByTestId('category-card').filter({ hasText: /Programming|Programovanie/ }).getByRole('link').click();
  await page.getByTestId('area-card').filter({ hasText: 'Python' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/courses\/\d+$/);
}

async function pickLanguage(page: Page, code: string) {
  await page.getByTestId('language-menu-button').click();
  await page.getByTestId(`lang-${code}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test('1: a double click on Start course and on Join sends one request and lands on the right page', async ({ page, request }) => {
  const learner = await newLearner(request, 'dbl');
  await loginAs(page, learner.email, learner.password);
  const starts = countRequests(page, 'POST', '/write-user-course/');
  const joins = countRequests(page, 'POST', '/add-my-competition');

  await openPythonArea(page);
  await courseCard(page, 'Python basics').getByRole('link').click();
  await expect(page).toHaveURL(/\/course_preview\/\d+$/);
  await expectNoA11yViolations(page, { label: 'course preview' });
  await page.getByTestId('start-course').dblclick();
  await expect(page).toHaveURL(/\/course_content\/\d+$/);
  await expect(page.getByTestId('chapter-open').first()).toBeVisible();
  expect(starts.count).toBe(1);
  await expect(page.getByTestId('request-failure-dialog')).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'course content' });

  // The server answers a repeated start idempotently: 200 with the same course of the user.
  const courseId = Number(/course_content\/(\d+)/.exec(page.url())![1]);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const again = await request.post(`/api/write-user-course/${courseId}`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(again.status()).toBe(200);

  await page.getByRole('tab', { name: 'Competitions' }).click();
  await page.getByRole('button', { name: 'Join Weekly quiz' }).dblclick();
  await expect(page).toHaveURL(/\/competition_content\/\d+$/);
  expect(joins.count).toBe(1);
  const userCompId = Number(/competition_content\/(\d+)/.exec(page.url())![1]);
  const rejoin = await request.post('/api/add-my-competition', {
    headers: { authorization: `Bearer ${token}` },
    data: { comp_id: (await competitionId(request, token!, courseId, 'Weekly quiz')).id, comp_key: '', course_id: courseId },
  });
  expect(rejoin.status()).toBe(200);
  expect((await rejoin.json()).user_comp_id).toBe(userCompId);
});

async function competitionId(request: import('@playwright/test').APIRequestContext, token: string, courseId: number, name: string) {
  const list = (await (await request.get(`/api/get-competitions/${courseId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    opened: Array<{ id: number; name: string }>;
    joined: Array<{ id: number; name: string }>;
  };
  return [...list.opened, ...list.joined].find((c) => c.name === name)!;
}

test('2 + 3 + 7: Slovak picked before login is the account language; Enter in the key dialog joins once and shows the translated refusal', async ({
  page,
  request,
}) => {
  const learner = await newLearner(request, 'key');
  await page.goto('/login');
  await pickLanguage(page, 'sk');
  await page.locator('input[name="email"]').fill(learner.email);
  await page.locator('input[name="password"]').fill(learner.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');

  // 3: the account took the UI choice, so content comes in Slovak too.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await (await request.get('/api/get-full-user-parameters', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me.lang_id).toBe(2);
  await page.goto('/categories');
  await expect(page.getByTestId('category-card').filter({ hasText: 'Programovanie' })).toBeVisible();

  // Start the course (Slovak names).
  await page.getByTestId('category-card').filter({ hasText: 'Programovanie' }).getByRole('link').click();
  await page.getByTestId('area-card').filter({ hasText: 'Python' }).getByRole('link').click();
  await page.getByTestId('course-card').first().getByRole('link').click();
  await page.getByTestId('start-course').click();
  await expect(page).toHaveURL(/\/course_content\/\d+$/);

  // 2: Enter in the key field acts like the Join button: one request, no key dialog again.
  const joins = countRequests(page, 'POST', '/add-my-competition');
  await page.getByTestId('tab-competitions').click();
  await page.getByRole('button', { name: /Triedna výzva/ }).click();
  const dialog = page.getByTestId('message-dialog');
  const keyField = dialog.getByRole('textbox');
  await keyField.fill('not-the-key');
  await keyField.press('Enter');
  // 7: the server's refusal in Slovak (its English text stays in the API for other clients).
  await expect(dialog.getByText('Kľúč súťaže nie je správny.')).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  expect(joins.count).toBe(1);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: screenshotPath('first-use-key-refused-sk') });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  expect(joins.count).toBe(1);

  const api = await request.post('/api/add-my-competition', {
    headers: { authorization: `Bearer ${token}` },
    data: { comp_id: (await competitionId(request, token!, Number(/course_content\/(\d+)/.exec(page.url())![1]), 'Triedna výzva')).id, comp_key: 'nope', course_id: Number(/course_content\/(\d+)/.exec(page.url())![1]) },
  });
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ message: 'Wrong key.', description: 'The competition key is not correct.', code: 'competition_wrong_key' });
});

test('4: bad deep links show the translated not-found page with a way back, never a request with NaN', async ({ page, request }) => {
  const learner = await newLearner(request, 'nf');
  await loginAs(page, learner.email, learner.password);
  const chapters = countRequests(page, 'GET', '/get-active-chapters2/');

  await page.goto('/course_content/999999');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('request-failure-dialog')).toHaveCount(0);
  await expect(page.getByTestId('breadcrumbs')).not.toContainText('(no name)');
  await expect(page).toHaveTitle('Lectio - Page not found');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: screenshotPath('first-use-not-found') });

  await page.goto('/course_content/abc');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  expect(chapters.urls.filter((u) => !/\/\d+$/.test(u))).toEqual([]);
  expect(chapters.urls).toEqual(['/api/get-active-chapters2/999999']);

  // An unknown route while logged in: the notice, not a silent redirect.
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // In Slovak.
  await pickLanguage(page, 'sk');
  await page.goto('/areas/999999');
  await expect(page.getByTestId('not-found-page')).toContainText('Stránka sa nenašla');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: screenshotPath('first-use-not-found-sk') });
});

test('5: feedback clears when the route changes; a text given before moving on shows on the next page only', async ({ page, request }) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('nobody@example.com');
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('feedback-alert')).toContainText('Access denied.');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('feedback-alert')).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'register' });

  const learner = await newLearner(request, 'fb');
  await loginAs(page, learner.email, learner.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('feedback-alert')).toContainText('Data saved.');
  await expectNoA11yViolations(page, { label: 'dashboard with feedback' });
  await page.getByRole('link', { name: 'Course list' }).first().click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByTestId('feedback-alert')).toHaveCount(0);
});

test('6: the password wizard keeps its step in the URL; Back and Forward reuse the requested code; step 4 is shown', async ({
  page,
  request,
}) => {
  const learner = await newLearner(request, 'pwd');
  await loginAs(page, learner.email, learner.password);
  await pickLanguage(page, 'sk');
  await page.goto('/pwdchange');
  await expect(page.getByTestId('pwd-step-1')).toBeVisible();
  await page.getByTestId('pwd-send-code').click();
  await expect(page.getByTestId('pwd-step-2')).toBeVisible();
  await expect(page).toHaveURL(/\/pwdchange\?step=2$/);
  const code = (await mailTo(request, learner.email, /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/))[1]!;

  // Back goes to the previous step, Forward returns to the code without a second mail.
  await page.goBack();
  await expect(page.getByTestId('pwd-step-1')).toBeVisible();
  await expect(page).toHaveURL(/\/pwdchange$/);
  await page.goForward();
  await expect(page.getByTestId('pwd-step-2')).toBeVisible();
  expect(await mailsTo(request, learner.email, /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)).toBe(1);

  await page.getByTestId('code-part-1').fill(code);
  await page.getByTestId('pwd-verify-code').click();
  await expect(page.getByTestId('pwd-step-3')).toBeVisible();
  await expect(page).toHaveURL(/step=3$/);
  await page.locator('input[type="password"]').nth(0).fill('new-pass-1');
  await page.locator('input[type="password"]').nth(1).fill('new-pass-1');
  await page.locator('form button[type="submit"]').click();

  // Step 4 says it is done before anything moves on.
  await expect(page.getByTestId('pwd-step-4')).toBeVisible();
  await expect(page.getByTestId('pwd-finished')).toContainText('Heslo bolo zmenené');
  await expect(page).toHaveURL(/step=4$/);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: screenshotPath('first-use-pwd-step4-sk'), fullPage: true });
  await page.getByTestId('pwd-continue').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Still logged in (spec/1 §4: source 2 goes to the dashboard): the server ended the old sessions on the
  // change, and this one has a new token (CI once found the learner on /login here, both tries).
  await expect(page.getByTestId('dashboard-courses')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('11: leaderboard: skeleton, own row and my rank, filters and page in the URL, learners only, every learner reachable, demo XP explained', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'student@example.com', 'student-demo');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/get-leaders2', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/leaderboard');
  // A skeleton of the table while the first page loads (its status text stays the spec's 'loading').
  await expect(page.getByTestId('leaderboard-skeleton-row').first()).toBeVisible();
  await expect(page.getByTestId('leaderboard-loading')).toHaveText('loading');
  release();

  // The projection fills the board after the seed; wait for every demo learner.
  const learners = page.getByText(/^Learners: \d+$/);
  const count = async () => Number((await learners.innerText()).replace(/\D/g, ''));
  await expect
    .poll(
      async () => {
        await page.reload();
        return count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(180);
  const total = await count();

  // My rank, and the button that opens my page; my row is highlighted there.
  const myRank = page.getByTestId('my-rank');
  await expect(myRank).toContainText(/Your rank: \d+ \(page \d+\)/);
  const [, rank, myPage] = /Your rank: (\d+) \(page (\d+)\)/.exec(await myRank.innerText())!;
  if (myPage !== '1') {
    await page.getByTestId('my-rank-show').click();
    await expect(page).toHaveURL(new RegExp(`page=${myPage}`));
  }
  const mine = page.locator('[data-testid="leader-row"][data-me="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('student');
  await expect(mine.getByTestId('leader-rank')).toHaveText(rank!);
  await expect(mine).toHaveAttribute('aria-current', 'true');
  await mine.scrollIntoViewIfNeeded();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: screenshotPath('first-use-leaderboard-own-row') });

  // Learners only: no administrator or teacher on the board.
  const firstPage = await page.getByTestId('leader-row').allInnerTexts();
  expect(firstPage.join('\n')).not.toMatch(/\b(admin|teacher)\b/);

  // Every learner is reachable: the last page ends with rank = total.
  const lastPage = Math.ceil(total / 100);
  await page.goto(`/leaderboard?page=${lastPage}`);
  await expect(page.getByTestId(`pager-page-${lastPage}`)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('leader-rank').last()).toHaveText(String(total));

  // Filters and page survive a reload (they live in the URL).
  await page.goto('/leaderboard');
  await page.getByTestId('filter-countries').getByRole('combobox').fill('Slovak');
  await page.getByRole('option', { name: 'Slovakia' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/countries=703/);
  // The filtered page replaces the unfiltered one once it has loaded.
  await expect.poll(count).toBeLessThan(total);
  const filtered = await count();
  await page.reload();
  await expect(page.getByTestId('filter-countries')).toContainText('Slovakia');
  await expect(learners).toHaveText(`Learners: ${filtered}`);
  expect(new Set(await page.getByTestId('leader-country').allInnerTexts())).toEqual(new Set(['Slovakia']));

  // A demo learner's XP is explained by the courses they started.
  await page.goto('/leaderboard');
  const top = page.getByTestId('leader-row').first();
  await top.getByRole('button').click();
  const detail = page.getByTestId('leader-course-dialog');
  await expect(detail.getByRole('row')).not.toHaveCount(0);
  await expect(detail).not.toContainText('No course started yet');
  await detail.getByRole('button', { name: 'Close' }).click();
});

test("10: the rich text editor sanitises 'Show HTML' source and pasted HTML before parsing it", async ({ page }) => {
  await loginAs(page, 'admin@example.com', 'admin-demo');
  await page.goto('/admin_course/1/1/0');
  const detail = page.getByTestId('detail-1');
  await expect(detail.locator('.ProseMirror')).toBeVisible();
  // HTML that reaches a live document loads its images: a probe URL that must never be requested.
  const probes = countRequestsTo(page, '/probe-');

  await page.getByTestId('detail-1-toggle').click();
  await detail.locator('textarea').first().fill('<p>Shown</p><img src="/probe-show.png" onerror="document.title=\'pwned\'"><p onclick="alert(1)">x</p>');
  await page.getByTestId('detail-1-toggle').click();
  await expect(detail.locator('.ProseMirror')).toContainText('Shown');
  expect(await detail.locator('.ProseMirror').innerHTML()).not.toMatch(/onerror|onclick/);

  await detail.locator('.ProseMirror').click();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/html', '<p>Pasted</p><img src="/probe-paste.png" onerror="document.title=\'pwned\'">');
    data.setData('text/plain', 'Pasted');
    document
      .querySelector('[data-testid="detail-1"] .ProseMirror')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(detail.locator('.ProseMirror')).toContainText('Pasted');
  await page.waitForTimeout(1000);
  expect(probes.urls).toEqual([]);
  await expect(page).not.toHaveTitle('pwned');
  await expectNoA11yViolations(page, { label: 'course editor' });
});
