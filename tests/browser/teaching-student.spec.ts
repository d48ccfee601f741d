/**
 * Teaching: one student (issue 21 item 5). The demo teacher opens a pupil of Class 1.A from the
 * students table (the name → student_detail), then a chapter (student_chapter), and a chapter cell of
 * the table leads to the same page. Axe on every screen; screenshots in
 * tests/artifacts/screenshots/teaching-student-*.png.
 */
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, login, screenshotPath } from './fixtures';

test('the demo teacher opens a pupil from the students table, then a chapter, and a chapter cell', async ({ page }) => {
  await login(page, 'teacher');
  await page.goto('/teacher_dashboard');
  await page.getByTestId('teacher-course').filter({ hasText: 'Python basics' }).getByRole('link', { name: 'Class 1.A' }).click();
  const grid = page.getByTestId('chapters-grid');
  const first = grid.getByTestId('student-link').first();
  await expect(first).toBeVisible();
  const pupil = (await first.textContent())!.trim();
  const tableUrl = page.url();
  await first.click();

  // The student's courses with the chapter scores; breadcrumbs Teacher dashboard › Students › the pupil.
  await expect(page).toHaveURL(/\/student_detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(pupil);
  const course = page.getByTestId('student-course').filter({ hasText: 'Python basics' });
  await expect(course.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(course.getByTestId('chapter-link').first()).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Teacher dashboard');
  await expectNoA11yViolations(page, { label: 'student detail' });
  await page.screenshot({ path: screenshotPath('teaching-student-detail'), fullPage: true });

  // A chapter: its lessons and tasks with the pupil's scores.
  // A chapter of the demo course with quizzes and programs.
  const chapterName = 'Variables and types';
  await course.getByTestId('chapter-link').filter({ hasText: chapterName }).click();
  await expect(page).toHaveURL(/\/student_chapter\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(chapterName);
  await expect(page.getByTestId('student-lessons-grid').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('student-tasks-grid')).toBeVisible();
  await expectNoA11yViolations(page, { label: 'student chapter' });
  await page.screenshot({ path: screenshotPath('teaching-student-chapter'), fullPage: true });
  // The pupil's crumb leads back to the detail.
  await page.getByTestId('breadcrumbs').getByRole('link', { name: pupil }).click();
  await expect(page).toHaveURL(/\/student_detail\/\d+$/);

  // A chapter cell of the students table leads to the same kind of page.
  await page.goto(tableUrl);
  await page.getByTestId('chapters-grid').locator('a[href^="/student_chapter/"]').first().click();
  await expect(page).toHaveURL(/\/student_chapter\/\d+\/\d+$/);
  await expect(page.getByTestId('student-lessons-grid')).toBeVisible();
});
