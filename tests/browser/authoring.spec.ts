/**
 * Authoring screens (issue 10): an admin builds a category, an area (SVG and PNG icons) and a course,
 * then chapters of each kind (a competition with windows and key) and lessons in English and Slovak
 * side by side, reorders and deletes them, uses the list editors and the task list, generates the
 * book, its key and a PDF, exports a course and imports it again. A translator granted
 * course_content_translator for Slovak edits Slovak names only: the UI hides the rest and the server
 * refuses it anyway. Screenshots in light and dark theme.
 */
import { expect, test, type Page } from '@playwright/test';
import { getDocumentProxy, extractText } from 'unpdf';
import { expectNoA11yViolations, login, screenshotPath } from './fixtures';

const svgIcon = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#00897B"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>',
);
const pngIcon = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await expectNoA11yViolations(page, { label: name });
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByTestId('theme-menu-button').click();
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
}

/** Light and dark screenshots of the current screen. */
async function shots(page: Page, name: string) {
  await shot(page, `authoring-${name}-light`);
  await setTheme(page, 'dark');
  await shot(page, `authoring-${name}-dark`);
  await setTheme(page, 'light');
}

/** A call with the page's session token (for set-up and for proving the server refuses). */
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

/** The demo course "Python basics" (found through the catalogue calls). */
async function demoCourse(page: Page): Promise<{ courseId: number; areaId: number }> {
  const cats = await call(page, 'GET', '/get-categories2');
  for (const cat of cats.body.list as Array<{ category_id: number }>) {
    const areas = await call(page, 'GET', `/get-areas/${cat.category_id}`);
    for (const area of areas.body.areas as Array<{ id: number }>) {
      const courses = await call(page, 'GET', `/area-all-courses2/${area.id}`);
      const found = (courses.body.list as Array<{ id: number; title: string }>).find((c) => c.title === 'Python basics');
      if (found) return { courseId: found.id, areaId: area.id };
    }
  }
  throw new Error('demo course not found');
}

async function fillNames(page: Page, english: string, slovak: string) {
  await page.getByTestId('name-1').fill(english);
  await page.getByTestId('name-2').fill(slovak);
}

const chapterRow = (page: Page, name: string) => page.getByTestId('chapter-row').filter({ has: page.getByTestId('chapter-name').getByText(name, { exact: true }) });

test('admin: category, area, course, chapters of each kind, lessons in two languages, reorder and delete', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-4);
  await login(page, 'admin');

  // ---- category, area with SVG and PNG icons, course ----
  await page.goto('/admin_category/0');
  await fillNames(page, `Authoring ${stamp}`, `Tvorba ${stamp}`);
  await page.getByTestId('save-and-close').click();
  await expect(page).toHaveURL(/\/categories$/);
  const cats = await call(page, 'GET', '/get-categories2');
  const categoryId = (cats.body.list as Array<{ category_id: number; title: string }>).find((c) => c.title === `Authoring ${stamp}`)!.category_id;
  await page.goto(`/admin_area/${categoryId}/0`);
  await fillNames(page, `Robots ${stamp}`, `Roboty ${stamp}`);
  await page.getByTestId('upload-svg-input').setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: svgIcon });
  await page.getByTestId('upload-png-input').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: pngIcon });
  await expect(page.getByTestId('upload-png').locator('img')).toBeVisible();
  await page.getByTestId('save-and-close').click();
  await expect(page).toHaveURL(new RegExp(`/areas/${categoryId}$`));
  const areaId = ((await call(page, 'GET', `/get-areas/${categoryId}`)).body.areas as Array<{ id: number }>)[0]!.id;
  await page.goto(`/admin_course/${categoryId}/${areaId}/0`);
  await fillNames(page, `Line follower ${stamp}`, `Sledovač čiary ${stamp}`);
  await page.getByTestId('save-and-close').click();
  await expect(page).toHaveURL(new RegExp(`/courses/${areaId}$`));
  await page.getByTestId('course-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/course_admin_content\/\d+$/);
  const courseId = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('no-chapters')).toBeVisible();

  // ---- chapters: two plain ones with images ----
  for (const [en, sk] of [
    ['Sensors', 'Senzory'],
    ['Motors', 'Motory'],
  ]) {
    await page.getByTestId('add-chapter').click();
    await expect(page).toHaveURL(new RegExp(`/admin_chapter/${areaId}/${courseId}/0/1$`));
    await fillNames(page, en!, sk!);
    await page.getByTestId('upload-svg-input').setInputFiles({ name: 'chapter.svg', mimeType: 'image/svg+xml', buffer: svgIcon });
    await page.getByTestId('upload-png-input').setInputFiles({ name: 'chapter.png', mimeType: 'image/png', buffer: pngIcon });
    if (en === 'Sensors') await shots(page, 'chapter-form');
    await page.getByTestId('save-and-close').click();
    await expect(page).toHaveURL(new RegExp(`/course_admin_content/${courseId}\\?type=1$`));
    await expect(chapterRow(page, en!)).toBeVisible();
  }

  // ---- a competition: a bad time limit saves nothing, then windows and key ----
  await page.getByTestId('filter-competitions').click();
  await page.getByTestId('add-chapter').click();
  await expect(page).toHaveURL(new RegExp(`/admin_chapter/${areaId}/${courseId}/0/2$`));
  await fillNames(page, 'Robot race', 'Preteky robotov');
  await expect(page.getByTestId('time-limit')).toHaveValue('3600');
  await page.getByTestId('time-limit').fill('12 minutes');
  await page.getByTestId('save-and-close').click();
  await expect(page.getByTestId('feedback-alert')).toContainText('Invalid number in time limit field');
  await expect(page).toHaveURL(/\/admin_chapter\//);
  await page.getByTestId('time-limit').fill('1200');
  await page.getByTestId('comp-key').fill('race-key');
  await page.getByTestId('window-openBegin-flag').check();
  // The window's date and time picker (24-hour): the author types the hour into its hours section.
  const openBeginHours = page.getByTestId('window-openBegin').getByRole('spinbutton', { name: 'Hours' });
  await openBeginHours.click();
  await page.keyboard.type('08');
  await expect(openBeginHours).toHaveText('08');
  await page.getByTestId('window-openEnd-flag').check();
  await page.getByTestId('window-resultsBegin-flag').check();
  await shots(page, 'competition-form');
  // The picker's calendar and clock, keyboard-reachable and axe-clean; Escape closes it unchanged.
  await page.getByTestId('window-openEnd').getByRole('button', { name: /choose date/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'authoring-window-picker');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('save-and-close').click();
  await expect(chapterRow(page, 'Robot race')).toBeVisible();
  const comp = (await call(page, 'GET', `/course-admin-content/${courseId}`)).body.chapterlist as Array<{ chapter_id: number; chapter_type: number }>;
  const compId = comp.find((c) => c.chapter_type === 2)!.chapter_id;
  const compForm = await call(page, 'GET', `/get-chapter-in-all-lang/${compId}`);
  expect(compForm.body).toMatchObject({ time_limit: 1200, comp_key: 'race-key', check_OB: 1, check_OE: 1, check_RB: 1, check_RE: 0 });
  expect(String(compForm.body.open_begin)).toMatch(/^\d{4}-\d{2}-\d{2} 08:00:00$/);

  // ---- an exercise ----
  await page.getByTestId('filter-exercises').click();
  await page.getByTestId('add-chapter').click();
  await fillNames(page, 'Practice', 'Cvičenie');
  await page.getByTestId('save-and-close').click();
  await expect(chapterRow(page, 'Practice')).toBeVisible();

  // ---- lessons in English and Slovak side by side ----
  await page.getByTestId('filter-chapters').click();
  await chapterRow(page, 'Sensors').getByTestId('chapter-toggle').click();
  for (const [en, sk] of [
    ['Light sensor', 'Svetelný senzor'],
    ['Distance sensor', 'Senzor vzdialenosti'],
    ['Temporary', 'Dočasná'],
  ]) {
    await chapterRow(page, 'Sensors').getByTestId('add-lesson').click();
    await expect(page).toHaveURL(new RegExp(`/admin_lesson/${courseId}/\\d+/0$`));
    await expect(page.getByTestId('primary-panel')).toBeVisible();
    await expect(page.getByTestId('secondary-panel')).toBeVisible();
    await fillNames(page, en!, sk!);
    if (en === 'Light sensor') await shots(page, 'lesson-form');
    await page.getByTestId('save-and-close').click();
    // Back at the course content, the lesson's chapter is still open with the new lesson (issue 20 item 11).
    await expect(page).toHaveURL(new RegExp(`/course_admin_content/${courseId}\\?type=1&chapter=\\d+$`));
    await expect(chapterRow(page, 'Sensors').getByTestId('chapter-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(chapterRow(page, 'Sensors').getByTestId('lesson-name').getByText(en!, { exact: true })).toBeVisible();
  }
  const lessonNames = () => chapterRow(page, 'Sensors').getByTestId('lesson-name').allInnerTexts();
  await expect.poll(lessonNames).toEqual(['Light sensor', 'Distance sensor', 'Temporary']);
  // Only one chapter is expanded at a time.
  await chapterRow(page, 'Motors').getByTestId('chapter-toggle').click();
  await expect(chapterRow(page, 'Sensors').getByTestId('lesson-row')).toHaveCount(0);
  await chapterRow(page, 'Sensors').getByTestId('chapter-toggle').click();
  // Reorder: the first lesson down, applied after the server's OK.
  await chapterRow(page, 'Sensors').getByTestId('lesson-row').first().getByTestId('lesson-down').click();
  await page.mouse.move(0, 0);
  await expect.poll(lessonNames).toEqual(['Distance sensor', 'Light sensor', 'Temporary']);
  // Delete a lesson through the confirm dialog (close and done icons).
  await chapterRow(page, 'Sensors').getByTestId('lesson-row').last().getByTestId('lesson-delete').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Are you sure? You want to delete lesson?');
  await shot(page, 'authoring-delete-dialog');
  await dialog.getByTestId('confirm-done').click();
  await expect.poll(lessonNames).toEqual(['Distance sensor', 'Light sensor']);
  // Reorder chapters: the first has no up arrow, the last no down arrow.
  await expect(chapterRow(page, 'Sensors').getByTestId('chapter-up')).toHaveCount(0);
  await expect(chapterRow(page, 'Motors').getByTestId('chapter-down')).toHaveCount(0);
  await chapterRow(page, 'Motors').getByTestId('chapter-up').click();
  await page.mouse.move(0, 0);
  await expect.poll(() => page.getByTestId('chapter-name').allInnerTexts()).toEqual(['Motors', 'Sensors']);
  await chapterRow(page, 'Sensors').getByTestId('chapter-toggle').click();
  await shots(page, 'course-admin-content');
  // Delete a chapter with its lessons.
  await chapterRow(page, 'Motors').getByTestId('chapter-delete').click();
  await expect(dialog).toContainText('Are you sure? You want to delete chapter?');
  await dialog.getByTestId('confirm-done').click();
  await expect.poll(() => page.getByTestId('chapter-name').allInnerTexts()).toEqual(['Sensors']);

  // ---- the list editors ----
  await page.goto(`/edit_chapters/${courseId}`);
  await page.getByTestId('list-language').click();
  await page.getByRole('option', { name: 'Slovenčina' }).click();
  await expect(page.getByTestId('list-name')).toContainText(['Senzory', 'Preteky robotov', 'Cvičenie']);
  await page.getByTestId('list-add').click();
  await page.getByTestId('list-name-input').fill('Aktuátory');
  await page.getByTestId('list-name-save').click();
  await expect(page.getByTestId('list-name')).toContainText(['Senzory', 'Preteky robotov', 'Cvičenie', 'Aktuátory']);
  await page.getByTestId('list-language').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByTestId('list-name').last()).toHaveText('-- not translated --');
  await shots(page, 'edit-chapters');
  await page.getByTestId('list-row').first().getByTestId('list-open').click();
  await expect(page).toHaveURL(/\/edit_lessons\/\d+$/);
  await expect(page.getByTestId('list-name')).toHaveText(['Distance sensor', 'Light sensor']);
  await shots(page, 'edit-lessons');
  await page.getByTestId('list-row').first().getByTestId('list-open').click();
  await expect(page).toHaveURL(/\/task_list\/\d+$/);
  await expect(page.getByText('This lesson has no tasks yet.')).toBeVisible();
});

test('admin: task list, book with key and PDF, export and import', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin');
  const { courseId, areaId } = await demoCourse(page);
  const content = await call(page, 'GET', `/course-admin-content/${courseId}`);
  const chapters = content.body.chapterlist as Array<{ name: string; lessons: Array<{ lesson_id: number; lesson: string }> }>;
  const lesson = chapters.find((c) => c.name === 'Variables and types')!.lessons.find((l) => l.lesson === 'Check yourself')!;

  // ---- task list ----
  await page.goto(`/lesson_admin_content/${lesson.lesson_id}`);
  const rows = page.getByTestId('task-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId('task-intro')).toHaveText('Which line stores 15 in the variable age?');
  await expect(rows.first().getByTestId('task-score')).toContainText('10');
  await rows.first().getByTestId('task-clone').click();
  await expect(rows).toHaveCount(4);
  // A move needs checked tasks and a target lesson; the dialog says how many.
  await rows.last().getByTestId('task-check').check();
  await page.getByTestId('target-chapter').click();
  await page.getByRole('option', { name: 'Getting started' }).click();
  await page.getByTestId('move-checked').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Move 1 element(s)?');
  await dialog.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(3);
  // The question menu lists types 2-7 and the programs menu 8-11; every one has its editor (11 since issue 24).
  await page.getByTestId('menu-questions').click();
  await expect(page.getByTestId('new-type-3')).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-programs').click();
  await expect(page.getByTestId('new-type-8')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('new-type-11')).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  // Per-language visibility is saved at once.
  await rows.first().getByTestId('task-visibility').click();
  await expect(rows.first().getByTestId('task-visibility')).toHaveAttribute('aria-pressed', 'true');
  await rows.first().getByTestId('task-visibility').click();
  await expect(rows.first().getByTestId('task-visibility')).toHaveAttribute('aria-pressed', 'false');
  await shots(page, 'task-list');
  // The moved clone is deleted from its new lesson.
  const first = chapters.find((c) => c.name === 'Getting started')!.lessons[0]!;
  await page.goto(`/task_list/${first.lesson_id}`);
  await expect(rows).toHaveCount(2);
  await rows.last().getByTestId('task-delete').click();
  await expect(dialog).toContainText('Do you want to delete 1 element?');
  await dialog.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(1);

  // ---- book generator, key and PDF ----
  await page.goto(`/book_generator/${courseId}`);
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('book-title')).toHaveText('Python basics');
  const chapterCount = chapters.length;
  await expect(page.getByTestId('book-page')).toHaveCount(Math.ceil(chapterCount / 20));
  await expect(page.getByTestId('book-chapter')).toHaveCount(chapterCount);
  await expect(page.getByTestId('book')).toContainText('2.1.1');
  await shots(page, 'book');
  await page.getByTestId('key-generator').click();
  await expect(page.getByTestId('book')).toContainText('age = 15');
  await shots(page, 'book-key');
  await page.getByTestId('back-to-book').click();
  await expect(page.getByTestId('book')).not.toContainText('Key generator');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header')).toBeHidden();
  await expect(page.getByTestId('generate')).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  // A page break between chapters: at least one page per chapter.
  expect(doc.numPages).toBeGreaterThanOrEqual(chapterCount);
  const { text } = await extractText(doc, { mergePages: true });
  expect(text).toContain('Python basics');
  expect(text).toContain('Variables and types');
  expect(text).not.toContain('Generate');

  // ---- export and import ----
  await page.goto(`/course_admin_content/${courseId}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-course').click();
  const file = await download;
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as { format_version: number; chapters: unknown[] };
  expect(exported.format_version).toBe(1);
  expect(exported.chapters).toHaveLength(chapterCount);
  await page.getByTestId('import-course').click();
  const importDialog = page.getByTestId('import-dialog');
  // Into another area, so the catalogue keeps one "Python basics" per area.
  await page.getByTestId('import-category').click();
  await page.getByRole('option', { name: 'Languages' }).click();
  await page.getByTestId('import-area').click();
  await page.getByRole('option', { name: 'Slovak' }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format_version": 7}') });
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-problem')).toContainText('format_version');
  await page.getByTestId('import-file').setInputFiles({ name: 'course.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
  await shot(page, 'authoring-import-dialog');
  await page.getByTestId('import-submit').click();
  await expect(importDialog).toBeHidden();
  await expect(page).not.toHaveURL(new RegExp(`/course_admin_content/${courseId}$`));
  await expect(page).toHaveURL(/\/course_admin_content\/\d+$/);
  await expect(page.getByTestId('chapter-name').first()).toHaveText(chapters[0]!.name);
  const newId = Number(/(\d+)$/.exec(page.url())![1]);
  const again = await call(page, 'GET', `/export-course/${newId}`);
  expect(again.body).toEqual(exported);
  expect(areaId).toBeGreaterThan(0);
});

test('translator: edits Slovak names only; the UI hides the rest and the server refuses it', async ({ page }) => {
  await login(page, 'admin');
  // A copy of the demo course, so the teacher's own view of the demo course stays as other tests expect.
  const demo = await demoCourse(page);
  const exported = await call(page, 'GET', `/export-course/${demo.courseId}`);
  const cats = await call(page, 'GET', '/get-categories2');
  const languagesId = (cats.body.list as Array<{ category_id: number; title: string }>).find((c) => c.title === 'Languages')!.category_id;
  const slovak = ((await call(page, 'GET', `/get-areas/${languagesId}`)).body.areas as Array<{ id: number; area_name: string }>).find((a) => a.area_name === 'Slovak')!.id;
  const copy = await call(page, 'POST', '/import-course', { area_id: slovak, file: JSON.stringify(exported.body) });
  expect(copy.status).toBe(200);
  const courseId = copy.body.id as number;
  expect(
    (await call(page, 'POST', '/grant-permission', { email: 'teacher@example.com', course_id: courseId, role_code: 'course_content_translator', language_id: 2, sub_obj_id: 0 })).status,
  ).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await login(page, 'teacher');
  await page.goto(`/edit_chapters/${courseId}`);
  await page.getByTestId('list-language').click();
  await page.getByRole('option', { name: 'Slovenčina' }).click();
  const first = page.getByTestId('list-row').first();
  await expect(first.getByTestId('list-translate')).toBeVisible();
  await expect(first.getByTestId('list-visibility')).toBeVisible();
  await expect(page.getByTestId('list-add')).toHaveCount(0);
  await expect(first.getByTestId('list-delete')).toHaveCount(0);
  await expect(first.getByTestId('list-up')).toHaveCount(0);
  await expect(first.getByTestId('list-chapter-type')).toHaveCount(0);
  await first.getByTestId('list-translate').click();
  await page.getByTestId('list-name-input').fill('Začíname s Pythonom');
  await page.getByTestId('list-name-save').click();
  await expect(first.getByTestId('list-name')).toHaveText('Začíname s Pythonom');
  await shots(page, 'translator-slovak');
  // English: the edit icons are hidden and the row shows the not-allowed cursor.
  await page.getByTestId('list-language').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(first.getByTestId('list-translate')).toHaveCount(0);
  await expect(first).toHaveCSS('cursor', 'not-allowed');
  // The server refuses anyway: another language, object-level fields, deleting.
  const chapterId = ((await call(page, 'POST', `/get-chapter-list/${courseId}`, { lang_id: 2 })).body.element_list as Array<{ id: number }>)[0]!.id;
  const en = await call(page, 'POST', '/edit-chapter', { chapter_id: chapterId, course_id: courseId, chapter_name: 'Hacked', lang_id: 1, only_translation: 1 });
  expect(en).toMatchObject({ status: 403, body: { message: "You don't have a permission to edit this content." } });
  expect((await call(page, 'POST', '/delete-chapter', { id: chapterId, course_id: courseId })).status).toBe(403);
  expect((await call(page, 'POST', '/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'Nová', lang_id: 2 })).status).toBe(403);
  // The admin-only screens stay closed to the translator.
  await page.goto(`/course_admin_content/${courseId}`);
  await expect(page).not.toHaveURL(/course_admin_content/);
});
