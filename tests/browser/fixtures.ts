/** Shared steps of the browser tests. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { resolve } from 'node:path';

export const accounts = {
  admin: { email: 'admin@example.com', password: 'admin-demo' },
  teacher: { email: 'teacher@example.com', password: 'teacher-demo' },
  student: { email: 'student@example.com', password: 'student-demo' },
} as const;

export const screenshotPath = (name: string) => resolve(import.meta.dirname, '../artifacts/screenshots', `${name}.png`);

export async function login(page: Page, who: keyof typeof accounts) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(accounts[who].email);
  await page.locator('input[name="password"]').fill(accounts[who].password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logout(page: Page) {
  await openMenu(page);
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The side menu is permanent on wide screens and a drawer on narrow ones. */
export async function openMenu(page: Page) {
  const menu = page.getByTestId('side-menu');
  if (!(await menu.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(menu).toBeVisible();
}

interface OutboxMail {
  to: string;
  text: string;
}

/** The newest mail to `to` whose text matches `pattern`, polled until it arrives. */
export async function mailTo(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/_local/outbox')).json()) as OutboxMail[];
        for (const mail of mails.filter((m) => m.to.includes(to))) {
          found = pattern.exec(mail.text);
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Mails to `to` whose text matches `pattern`. */
export async function mailsTo(request: APIRequestContext, to: string, pattern: RegExp): Promise<number> {
  const mails = (await (await request.get('/_local/outbox')).json()) as OutboxMail[];
  return mails.filter((m) => m.to.includes(to) && pattern.test(m.text)).length;
}

/**
 * A fresh, confirmed learner for tests that need a clean account (nothing started, nothing joined):
 * registered and confirmed through the API with the mailed link.
 */
export async function newLearner(
  request: APIRequestContext,
  tag: string,
  name = 'Test',
): Promise<{ email: string; password: string; nickname: string }> {
  const stamp = `${tag}${Date.now().toString(36)}`;
  const email = `${stamp}@example.com`;
  const password = 'learner-pass';
  const { clientSecret } = (await (await request.get('/config.json')).json()) as { clientSecret: string };
  const registered = await request.post('/api/register', {
    data: {
      name,
      surname: 'Learner',
      nick: stamp,
      country: 703,
      lang: 1,
      group: 'Demo',
      age: 2005,
      content_type_id: 2,
      email,
      passw: password,
      client_secret: clientSecret,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const link = await mailTo(request, email, /\/confirm\/([^\s/]+)\/([^\s/]+)/);
  const confirmed = await request.post('/api/confirm', {
    data: { mail: decodeURIComponent(link[1]!), token: decodeURIComponent(link[2]!) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { email, password, nickname: stamp };
}

export async function loginAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Requests to an API path (method and path prefix), counted as the page sends them. */
export function countRequests(
  page: Page,
  method: string,
  pathPrefix: string,
): { readonly count: number; readonly urls: string[] } {
  const urls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === method && url.pathname.startsWith(`/api${pathPrefix}`)) urls.push(url.pathname);
  });
  return {
    get count() {
      return urls.length;
    },
    urls,
  };
}

/** Any request whose path starts with `prefix` (images, scripts …), as the page sends it. */
export function countRequestsTo(page: Page, prefix: string): { urls: string[] } {
  const urls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith(prefix)) urls.push(url.pathname);
  });
  return { urls };
}

/**
 * Accessibility check for the screen as it is now: axe-core with the WCAG 2 A/AA rules (2.0, 2.1, 2.2).
 * Fails on any serious or critical finding and names each rule with the offending elements.
 * Call it on every screen (and every open dialog) a browser test visits:
 *
 *   await expectNoA11yViolations(page);
 *   await expectNoA11yViolations(page, { include: '[role="dialog"]' });   // only a part of the page
 */
export async function expectNoA11yViolations(page: Page, options: { include?: string; exclude?: string[]; label?: string } = {}) {
  const analyze = async () => {
    // Let MUI transitions (dialogs, menus fading in) finish, so colours are measured at rest.
    await page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    let builder = new AxeBuilder({ page }).withTags(a11yTags);
    if (options.include) builder = builder.include(options.include);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let severe = await analyze();
  // A colour taken mid-transition (a button enabled while axe ran: CI once measured a contained button
  // half-way from its disabled grey) is measured again once the page is at rest; a real finding stays.
  if (severe.some((v) => v.id === 'color-contrast')) {
    await page.waitForTimeout(500);
    severe = await analyze();
  }
  const report = severe.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe on ${options.label ?? page.url()}`).toEqual([]);
}

/** WCAG 2 level A and AA rule tags (2.0, 2.1 and 2.2). */
export const a11yTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The Monaco lines of the code editor inside `testId`: an editor shows plain code until it is used, so a
 * press on it that loads Monaco comes first.
 */
export async function openCodeEditor(page: Page, testId: string) {
  // the editor is the element with the test id or inside it (a notebook's code cell)
  const editor = page.getByTestId(testId).first().locator('xpath=descendant-or-self::*[@data-editor]').first();
  if ((await editor.getAttribute('data-editor')) !== 'monaco') await editor.locator('[data-plain-code]').click();
  await expect(editor).toHaveAttribute('data-editor', 'monaco');
  return editor.locator('.view-lines');
}

/**
 * Replaces the text of the Monaco editor inside `testId` (pasted: no auto-closing or auto-indent). The
 * test needs the clipboard permissions (`test.use({ permissions: ['clipboard-read', 'clipboard-write'] })`).
 */
export async function setCode(page: Page, testId: string, code: string) {
  const editor = page.getByTestId(testId).first();
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await (await openCodeEditor(page, testId)).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('ControlOrMeta+V');
  const last = code.trimEnd().split('\n').pop()!.trim();
  await expect(editor.locator('.view-lines')).toContainText(last.slice(0, 24).replace(/ /g, '\u00a0'));
}

/** Calls the API with the logged-in page's token (JSON in, JSON out). */
export const apiAs = async (page: Page, path: string, init: { method?: string; json?: unknown } = {}) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return res.json();
};

/**
 * A demo course's lesson, found by the course's title through the catalogue's preview (as the caller
 * sees it): the chapter's `lessonIndex`-th lesson of its first chapter.
 */
export async function demoLesson(
  page: Page,
  courseTitle: string,
  lessonIndex = 0,
): Promise<{ courseId: number; chapterId: number; lessonId: number }> {
  for (let courseId = 1; courseId <= 10; courseId++) {
    const preview = await apiAs(page, `/course-preview/${courseId}`);
    if (preview.info?.title === courseTitle) {
      const chapter = preview.info.chapterlist[0];
      return { courseId, chapterId: chapter.chapter_id, lessonId: chapter.lessons[lessonIndex].lesson_id };
    }
  }
  throw new Error(`the demo course ${courseTitle} is missing`);
}
