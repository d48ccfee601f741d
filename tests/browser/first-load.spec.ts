/**
 * The first load (issue 20 item 22): /login arrives rendered at build time (web/src/prerender.tsx), shows
 * before any of the app's code runs, and the app hydrates that very page (same nodes, same illustrations,
 * no hydration error). A browser with another language stored gets its own language instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_MARK, emotionStyleId, firstScreenStylePages } from '../../web/first-screen-styles';
import { expectNoA11yViolations, login, screenshotPath } from './fixtures';

/** Console errors and page errors, collected from now on. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

test('/login shows before the app runs, and the app hydrates that page', async ({ page, request }) => {
  const served = await (await request.get('/login')).text();
  expect(served).toContain('data-prerendered="/login"');
  expect(served).toContain('id="login-email"');
  const drawn = [...served.matchAll(/data-illustration="([a-z-]+)"/g)].map((m) => m[1]);
  expect(drawn).toHaveLength(4);

  // Without JavaScript the form is already there: it is the page's own HTML.
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto('/login');
  await expect(bare.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(bare.locator('#login-email')).toBeVisible();
  // What only the app can do waits for it: the submit and the header's menus are disabled until then.
  await expect(bare.getByTestId('login-submit')).toBeDisabled();
  await expect(bare.getByTestId('language-menu-button')).toBeDisabled();
  await expect(bare.getByTestId('theme-menu-button')).toBeDisabled();
  await context.close();

  const errors = problems(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#login-email').waitFor();
  await page.evaluate(() => document.getElementById('login-email')!.setAttribute('data-before-app', ''));
  // Until the app runs the page, its submit is disabled (the browser's own submission would put the fields in
  // the URL); then an empty submit shows the form's own messages.
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Hydrated, not drawn again: the input is the node the HTML made, and the same four illustrations show.
  await expect(page.locator('#login-email[data-before-app]')).toHaveCount(1);
  await expect(page.getByTestId('language-menu-button')).toBeEnabled();
  const shown = await page
    .getByTestId('login-illustration')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-illustration')));
  expect(shown).toEqual(drawn);
  expect(errors).toEqual([]);
  await page.screenshot({ path: screenshotPath('first-load-login') });
  await expectNoA11yViolations(page);

  // It still logs in.
  await page.locator('#login-email').fill('student@example.com');
  await page.locator('#login-password').fill('student-demo');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('what is typed before the app runs the page is what logs in', async ({ page }) => {
  // A slow phone: the fields take input long before the app has hydrated them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#login-email').fill('student@example.com');
  await page.locator('#login-password').fill('student-demo');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a browser with Slovak stored gets the login page in Slovak', async ({ page }) => {
  const errors = problems(page);
  await page.addInitScript(() => localStorage.setItem('lang', 'sk'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Prihlásenie' })).toBeVisible();
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('E-mail je povinný')).toBeVisible();
  expect(errors).toEqual([]);
  await expectNoA11yViolations(page);
});

/** The demo course's player page of a lesson, by its name, with the lesson in the URL. */
async function lessonPage(page: Page, name: string): Promise<string> {
  const path = await page.evaluate(async (wanted) => {
    const token = localStorage.getItem('token');
    const res = await fetch('/api/course-preview/1', { headers: { authorization: `Bearer ${token}` } });
    const preview = (await res.json()) as {
      info: { chapterlist: Array<{ chapter_id: number; lessons: Array<{ lesson: string; lesson_id: number }> }> };
    };
    for (const chapter of preview.info.chapterlist) {
      const found = chapter.lessons.find((l) => l.lesson === wanted);
      if (found) return `/chapter_content/${chapter.chapter_id}?lesson=${found.lesson_id}`;
    }
    return null;
  }, name);
  expect(path, name).not.toBeNull();
  return path!;
}

test("a reload of the player: the loader asks for the URL's lesson's tasks once the lessons name the course, and the app takes that answer", async ({
  page,
}) => {
  await login(page, 'student');
  const lesson = await lessonPage(page, 'Programming tasks');
  // Who called fetch for the task list: the loader's file (start-<hash>.js) or the app's chunks.
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    const callers: string[] = [];
    Object.assign(window, { taskListCallers: callers });
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/get-active-tasks2/'))
        callers.push(new Error().stack ?? '');
      return original(input, init);
    };
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/get-active-tasks2/')) asked.push(request.url());
  });
  const seen = problems(page);
  await page.goto(lesson);
  await expect(page.getByTestId('task-pane')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const lessonId = new URL(lesson, 'http://x').searchParams.get('lesson');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(new RegExp(`/get-active-tasks2/1/\\d+/${lessonId}$`));
  const callers = await page.evaluate(() => (window as unknown as { taskListCallers: string[] }).taskListCallers);
  expect(callers).toHaveLength(1);
  expect(callers[0]).toMatch(/\/assets\/start-[0-9a-f]+\.js/);
  expect(seen).toEqual([]);
});

test("a phone's task strip keeps the open task in view as Next moves along it (only the strip scrolls)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'student');
  await page.goto(await lessonPage(page, 'All question types'));
  const strip = page.getByTestId('task-tabs');
  await expect(strip.getByRole('tab')).not.toHaveCount(0);
  for (let i = 0; i < 6; i++) await page.getByTestId('next').click();
  await expect(strip.getByRole('tab', { selected: true })).toHaveAttribute('aria-label', /^Task 7,/);
  await expect
    .poll(async () =>
      strip.evaluate((list) => {
        const tab = list.querySelector('[aria-selected="true"]')!.getBoundingClientRect();
        const row = list.getBoundingClientRect();
        return list.scrollLeft > 0 && tab.left >= row.left - 0.5 && tab.right <= row.right + 0.5 && window.scrollY === 0;
      }),
    )
    .toBe(true);
  await expectNoA11yViolations(page, { label: 'task strip on a phone' });
});

test('a phone opening a lesson of programs: nothing on the screen moves while it loads (layout shift under 0.1)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await login(page, 'student');
  const lesson = await lessonPage(page, 'Programming tasks');
  // A slow network's task list: the lesson list below the player used to show under the spinner, then jump
  // down by the pane's height when the tasks arrived (Lighthouse measured a shift of 0.26 on a phone).
  await page.route('**/api/get-active-tasks2/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(lesson);
  await expect(page.getByTestId('task-pane')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('lesson-item').first()).toBeVisible();
  await page.waitForTimeout(500);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1_000);
      }),
  );
  expect(shift).toBeLessThan(0.1);
  await expectNoA11yViolations(page, { label: 'programming lesson on a phone' });
  await page.screenshot({ path: screenshotPath('first-load-programming-phone') });
  // The editor shows the code as text and Monaco's code is not even fetched (its evaluation was about 3 s
  // of blocking time at 4x CPU); a press there loads Monaco with the caret in it, and typing goes on there.
  const editor = page.getByTestId('code-editor');
  await expect(editor).toHaveAttribute('data-editor', 'plain');
  await expect(editor).toContainText('input(');
  const monacoFetched = () =>
    page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/(monaco-editor|editor\.api)-/.test(r.name)));
  expect(await monacoFetched()).toBe(false);
  await editor.getByRole('textbox').click();
  await expect(editor).toHaveAttribute('data-editor', 'monaco');
  expect(await monacoFetched()).toBe(true);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor')))).toBe(true);
  await page.keyboard.press('ControlOrMeta+End');
  // Fast typing keeps every key (the editor's controlled value once wrote a render behind the keys back), at
  // 50 keys a second, faster than anyone types (with no delay at all, a loaded CI once saw one key land late).
  await page.keyboard.type('# typed fast, every key kept', { delay: 20 });
  await expect(editor.locator('.view-lines')).toContainText('# typed fast, every key kept');
});

test("the player's buttons show their tooltip on hover and at a keyboard focus, its code fetched only then", async ({ page }) => {
  await login(page, 'student');
  await page.goto(await lessonPage(page, 'All question types'));
  await expect(page.getByTestId('task-pane')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const next = page.getByRole('button', { name: 'Next task' });
  await expect(next).toBeVisible();
  // the tooltip's code (MUI's Tooltip with popper.js) is not part of the screen
  const tooltipFetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/Tooltip-/.test(r.name)));
  expect(await tooltipFetched()).toBe(false);

  await page.getByTestId('next').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Next task');
  expect(await tooltipFetched()).toBe(true);
  await expectNoA11yViolations(page, { label: "player's tooltip" });
  // the keyboard: Escape closes it, and another button's focus shows that one's
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await next.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Next task');
});

test("the first screens' styles come with the page: emotion inserts next to none of them while a phone opens them", async ({
  page,
  request,
}) => {
  // web/first-screen-styles.ts: the build writes the recorded rules into the page's head, and emotion skips a style
  // it finds there. Many styles inserted here means the recording is stale: `npm run record:first-styles`.
  expect(await (await request.get('/login')).text()).not.toContain(FIRST_SCREEN_MARK);
  await page.setViewportSize({ width: 412, height: 823 });
  await login(page, 'student');
  for (const path of firstScreenStylePages) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { recorded, inserted } = await page.evaluate((mark) => {
      const block = document.querySelector(`style[${mark}]`);
      const sheets = Array.from(document.querySelectorAll('style[data-emotion="css"]'), (tag) => (tag as HTMLStyleElement).sheet!);
      return {
        recorded: (block?.getAttribute('data-emotion') ?? '').split(' ').length - 1,
        inserted: sheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)),
      };
    }, FIRST_SCREEN_MARK);
    expect(recorded, 'the recorded styles in the page').toBeGreaterThan(100);
    const missing = [...new Set(inserted.map((rule) => emotionStyleId(rule)))];
    console.log(path, 'styles inserted at run time:', missing.length, missing.join(' '));
    expect(missing.length, `${path}: styles missing from web/first-screen-styles.css (npm run record:first-styles): ${missing.join(' ')}`).toBeLessThanOrEqual(12);
    await expectNoA11yViolations(page, { label: path });
  }
});
