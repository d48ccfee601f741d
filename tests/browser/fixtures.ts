/** Shared steps of the browser tests. */
import { expect, type Page } from '@playwright/test';
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

/**
 * Accessibility check for the screen as it is now: axe-core with the WCAG 2 A/AA rules (2.0, 2.1, 2.2).
 * Fails on any serious or critical finding and names each rule with the offending elements.
 * Call it on every screen (and every open dialog) a browser test visits:
 *
 *   await expectNoA11yViolations(page);
 *   await expectNoA11yViolations(page, { include: '[role="dialog"]' });   // only a part of the page
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string[]; label?: string } = {},
) {
  // Let MUI transitions (dialogs, menus fading in) finish, so colours are measured at rest.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5_000,
  }).catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(a11yTags);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
