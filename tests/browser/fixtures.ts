/** Shared steps of the browser tests. */
import { expect, type Page } from '@playwright/test';
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
