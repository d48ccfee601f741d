/**
 * Notebook tasks (issue 25 items 1, 2, 4, 5, 7): an author builds a notebook with every cell type, runs a
 * code cell in the browser's Python while authoring and imports an `.ipynb`; a student runs the demo
 * notebook's cells in the in-browser Python (an input prompt answered with Enter, the stored png plot with
 * its width slider), steps through code versions, and answers a 14 and a 15 quiz. axe on every screen.
 */
import { expect, test } from '@playwright/test';
import { apiAs, demoLesson, expectNoA11yViolations, login, screenshotPath, setCode } from './fixtures';

test.use({ actionTimeout: 30_000, permissions: ['clipboard-read', 'clipboard-write'] });

const ipynb = JSON.stringify({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    { cell_type: 'markdown', metadata: {}, source: ['## Imported\n', 'From *Jupyter*'] },
    { cell_type: 'code', metadata: {}, execution_count: 1, source: 'print("imported")', outputs: [{ output_type: 'stream', name: 'stdout', text: ['imported\n'] }] },
  ],
});

test('an author builds a notebook with every cell type, runs a cell in the browser and imports an .ipynb', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin');
  const { courseId, lessonId } = await demoLesson(page, 'Python for data', 1);
  await page.goto(`/task_edit/${courseId}/${lessonId}/12/1/2/0`);
  await expect(page.getByTestId('notebook-editor')).toBeVisible();
  // Its breadcrumbs name the course and the lesson, as every task editor's do (spec/2 §2.1).
  await expect(page.getByTestId('breadcrumbs')).toContainText('Python for data');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Notebooks');
  const left = page.getByTestId('cells-1');
  const sources: Record<string, string> = {
    markdown: '# Title\n\nSome *markdown* with $x^2$.\n\n<img src=x onerror="window.hacked=1">',
    equation: 'e^{i\\pi} + 1 = 0',
    code: 'print(6 * 7)',
    raw: 'raw text',
    editor: '<p>Rich <b>text</b></p>',
  };
  for (const [kind, text] of Object.entries(sources)) {
    await left.getByRole('combobox', { name: 'Cell type' }).last().click();
    await page.getByRole('option', { name: { markdown: 'Markdown', equation: 'Equation', code: 'Code', raw: 'Raw', editor: 'Rich text' }[kind] }).click();
    await page.getByTestId('add-cell-1').click();
    await left.getByTestId('cell-source').last().fill(text);
  }
  await expect(left.getByTestId('edit-cell')).toHaveCount(5);
  // Move the raw cell above the code cell, then delete nothing else.
  await left.getByRole('button', { name: 'Move up 4' }).click();
  await expect(left.getByTestId('edit-cell').nth(2)).toHaveAttribute('data-cell-type', 'raw');

  // The preview renders markdown and KaTeX, and the img's onerror never runs.
  const preview = page.getByTestId('preview-1');
  await expect(preview.getByTestId('markdown-cell').locator('h1')).toHaveText('Title');
  await expect(preview.locator('.katex').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  // Run the code cell while authoring (in-browser Python): its output is stored with the cell.
  await left.getByTestId('edit-cell').nth(3).getByTestId('author-run').click();
  await expect(left.getByTestId('edit-cell').nth(3).getByTestId('text-output')).toHaveText('42', { timeout: 120_000 });

  // Import an .ipynb into the Slovak pane.
  await page.getByTestId('ipynb-file-2').setInputFiles({ name: 'imported.ipynb', mimeType: 'application/json', buffer: Buffer.from(ipynb) });
  await expect(page.getByTestId('cells-2').getByTestId('edit-cell')).toHaveCount(2);
  await expect(page.getByTestId('preview-2').getByTestId('text-output')).toHaveText('imported');
  await expectNoA11yViolations(page, { label: 'notebook editor' });
  await page.screenshot({ path: screenshotPath('notebook-editor'), fullPage: true });

  await page.getByTestId('save').click();
  await expect(page).toHaveURL(new RegExp(`/task_edit/${courseId}/${lessonId}/12/1/2/[1-9]\\d*$`));
  const taskId = Number(page.url().split('/').pop());
  const saved = await apiAs(page, `/get-task-in-all-lang/${taskId}`);
  const en = JSON.parse(saved.list.find((l: { lang_id: number }) => l.lang_id === 1).content);
  expect(en.map((c: { cell_type: string }) => c.cell_type)).toEqual(['markdown', 'equation', 'raw', 'code', 'editor']);
  expect(en[3].outputs).toEqual([{ atype: 'text', output: '42\n' }]);
  const sk = JSON.parse(saved.list.find((l: { lang_id: number }) => l.lang_id === 2).content);
  expect(sk[1].source).toEqual(['print("imported")']);
  // The admin viewer shows the notebook.
  await page.goto(`/show_content/${taskId}`);
  await expect(page.getByTestId('notebook-viewer').getByTestId('markdown-cell').first()).toBeVisible();
  await expectNoA11yViolations(page, { label: 'notebook viewer' });
  // Leave the lesson as the demo has it (the student's test counts its tasks).
  expect((await apiAs(page, '/delete-task', { method: 'POST', json: { id: taskId } })).message).toBe('OK');
});

test('an author edits a type 15 quiz: options with cells of their own, and the sum colour of spec/2 §5', async ({ page }) => {
  await login(page, 'admin');
  const { courseId, lessonId } = await demoLesson(page, 'Python for data', 1);
  await page.goto(`/task_edit/${courseId}/${lessonId}/15/1/2/0`);
  await expect(page.getByTestId('notebook-editor')).toBeVisible();
  await page.getByTestId('answer-1-0').fill('4');
  await page.getByTestId('add-answer').click();
  await page.getByTestId('answer-1-1').fill('9');
  // 100 and 0 do not sum to 0: red; 100 and -100 do: green.
  await expect(page.getByTestId('rating-sum')).toHaveAttribute('data-balanced', 'false');
  await page.getByTestId('pane-primary').getByRole('combobox', { name: 'Rating' }).nth(1).click();
  await page.getByRole('option', { name: '-100', exact: true }).click();
  await expect(page.getByTestId('rating-sum')).toHaveAttribute('data-balanced', 'true');
  // An option's own cells.
  await page.getByText('Cells of answer 2').first().click();
  await page.getByTestId('add-cell-1-a1').click();
  await page.getByTestId('cells-1-a1').getByTestId('cell-source').fill('x = 3 ** 2');
  await expect(page.getByTestId('cells-1-a1').getByTestId('edit-cell')).toHaveCount(1);
  await expectNoA11yViolations(page, { label: 'notebook quiz editor' });
  await page.screenshot({ path: screenshotPath('notebook-quiz-editor'), fullPage: true });
});

test('an author sets the comparison flags of a type 13 short answer, and they are stored with the task', async ({ page }) => {
  await login(page, 'admin');
  const { courseId, lessonId } = await demoLesson(page, 'Python for data', 1);
  await page.goto(`/task_edit/${courseId}/${lessonId}/13/1/2/0`);
  await expect(page.getByTestId('notebook-editor')).toBeVisible();
  await page.getByTestId('answer-1-0').fill('Forty Two');
  // A new short answer compares case-sensitively, as a new type 2 does; the author turns that off.
  await expect(page.getByTestId('flag-caseSensitive')).toBeChecked();
  await page.getByTestId('flag-caseSensitive').uncheck();
  await page.getByTestId('flag-ignoreSpace').check();
  // A code cell that reads input() while authoring asks below the cell (Enter sends), not in a browser dialog.
  await page.getByTestId('add-cell-1').click();
  const cell = page.getByTestId('cells-1').getByTestId('edit-cell').last();
  await cell.getByTestId('cell-source').fill('name = input("Your name? ")\nprint("Hello", name)');
  await cell.getByTestId('author-run').click();
  const input = cell.getByTestId('nb-input');
  await expect(input).toBeVisible({ timeout: 120_000 });
  await expectNoA11yViolations(page, { label: 'notebook short answer editor' });
  await input.fill('Ada');
  await input.press('Enter');
  await expect(cell.getByTestId('text-output').last()).toHaveText('Hello Ada', { timeout: 30_000 });
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(new RegExp(`/task_edit/${courseId}/${lessonId}/13/1/2/[1-9]\\d*$`));
  const taskId = Number(page.url().split('/').pop());
  const saved = await apiAs(page, `/get-task-in-all-lang/${taskId}`);
  expect(JSON.parse(saved.globals)).toMatchObject({ caseSensitive: false, ignoreSpace: true, ignoreSeparators: false, aqSome: false });
  expect((await apiAs(page, '/delete-task', { method: 'POST', json: { id: taskId } })).message).toBe('OK');
});

test('the admin viewer of a 14 has Show help, Show answer and Check, as every question viewer does (spec/2 §2.8)', async ({ page }) => {
  await login(page, 'admin');
  const { lessonId } = await demoLesson(page, 'Python for data', 1);
  const list = await apiAs(page, `/get-tasks-in-lesson/${lessonId}`, { method: 'POST', json: {} });
  const task = list.task_list.find((t: { task_type_id: number }) => t.task_type_id === 14);
  await page.goto(`/show_content/${task.task_id}`);
  // Named by its own type (it read 'Type 11 HTML/CSS').
  await expect(page.getByText('Type 14 notebook with one correct', { exact: true })).toBeVisible();
  const viewer = page.getByTestId('notebook-viewer');
  await expect(viewer.getByTestId('markdown-cell').first()).toBeVisible();
  // No answer is shown until asked for; a wrong option is red, the right one green.
  await expect(viewer.getByTestId('viewer-answer-panel')).toHaveCount(0);
  await viewer.getByRole('radio', { name: '6 * 2' }).check();
  await viewer.getByTestId('viewer-check').click();
  await expect(viewer.getByTestId('viewer-rating')).toHaveText('Sorry, bad answer.');
  await viewer.getByRole('radio', { name: '6 ** 2' }).check();
  await viewer.getByTestId('viewer-check').click();
  await expect(viewer.getByTestId('viewer-rating')).toHaveText('Correct!');
  await viewer.getByTestId('viewer-answer').click();
  await expect(viewer.getByTestId('viewer-answer-panel')).toContainText('6 ** 2');
  await viewer.getByTestId('viewer-help').click();
  await expect(viewer.getByTestId('viewer-help-panel')).toBeVisible();
  // One Close, in the left bar.
  await expect(page.getByTestId('viewer-close')).toHaveCount(1);
  await expectNoA11yViolations(page, { label: 'notebook quiz viewer' });
  await page.screenshot({ path: screenshotPath('notebook-quiz-viewer'), fullPage: true });
});

test('a student runs the notebook in the browser, steps through code versions and answers a 14 and a 15', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'student');
  const { courseId, chapterId, lessonId } = await demoLesson(page, 'Python for data', 1);
  await page.goto(`/course_preview/${courseId}`);
  const start = page.getByTestId('start-course');
  await expect(start.or(page.getByTestId('open-course'))).toBeVisible();
  if (await start.isVisible()) await start.click();
  await page.goto(`/chapter_content/${chapterId}`);
  const list = await apiAs(page, `/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`);
  const indexOf = (type: number) => list.task_list.findIndex((t: { task_type_id: number }) => t.task_type_id === type);
  // Neither ratings nor feedback reach the learner.
  expect(JSON.stringify(list)).not.toContain('ratings');

  // Open the notebook lesson's reading notebook.
  await page.getByTestId('lesson-item').nth(1).click();
  await page.getByTestId('task-tab').nth(indexOf(12)).click();
  const pane = page.getByTestId('task-pane');
  await expect(pane).toHaveAttribute('data-task-type', '12');
  await expect(pane.getByTestId('png-output')).toBeVisible();
  await expect(pane.locator('.katex').first()).toBeVisible();
  await expectNoA11yViolations(page, { label: 'notebook player', exclude: ['.monaco-editor'] });

  // The png's width slider.
  const slider = pane.getByTestId('image-width');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(pane.getByText('Width 99 %')).toBeVisible();

  // Run the first code cell: Python loads in the browser (the status line shows it), then prints.
  const started = Date.now();
  await pane.getByTestId('run-cell').first().click();
  await expect(pane.getByTestId('nb-status')).toContainText('Python in the browser', { timeout: 60_000 });
  await expect(pane.getByTestId('code-cell').first().getByTestId('text-output')).toHaveText('[0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100]', { timeout: 120_000 });
  console.log(`in-browser Python: first run ${Date.now() - started} ms`);

  // input(): the prompt is answered with Enter.
  await pane.getByTestId('run-cell').nth(1).click();
  const input = pane.getByTestId('nb-input');
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.fill('Ada');
  await input.press('Enter');
  await expect(pane.getByTestId('code-cell').nth(1)).toContainText('Hello, Ada');
  await expect(pane.getByTestId('nb-status')).toHaveAttribute('data-status', 'idle');
  await page.screenshot({ path: screenshotPath('notebook-player'), fullPage: true });

  // Code versions: an edited cell saved on run is version 1; back to the original, forward again.
  const second = pane.getByTestId('code-cell').nth(1);
  await setCode(page, 'code-cell', 'print("version one")');
  await pane.getByTestId('run-cell').first().click();
  await expect(pane.getByTestId('code-cell').first().getByTestId('text-output')).toHaveText('version one', { timeout: 30_000 });
  await expect(pane.getByTestId('version').first()).toHaveText('Version 1');
  await pane.getByTestId('version-back').first().click();
  await expect(pane.getByTestId('version').first()).toHaveText('Original');
  await expect(pane.getByTestId('code-cell').first()).toContainText('squares');
  // Past the original: 'bound', accepted silently.
  await pane.getByTestId('version-back').first().click();
  await expect(pane.getByTestId('version').first()).toHaveText('Original');
  await pane.getByTestId('version-forward').first().click();
  await expect(pane.getByTestId('version').first()).toHaveText('Version 1');
  await expect(pane.getByTestId('code-cell').first()).toContainText('version one');
  expect(await second.count()).toBe(1);

  // Toolbar: delete results, restart.
  await pane.getByTestId('nb-clear').click();
  await expect(pane.getByTestId('text-output')).toHaveCount(0);

  // A 14: one correct option.
  await page.getByTestId('task-tab').nth(indexOf(14)).click();
  await expect(page.getByTestId('task-pane')).toHaveAttribute('data-task-type', '14');
  await page.getByRole('radio', { name: '6 ** 2' }).check();
  await page.getByTestId('check').click();
  await expect(page.getByTestId('verdict')).toHaveText('Correct!');
  await expectNoA11yViolations(page, { label: 'notebook quiz 14', exclude: ['.monaco-editor'] });

  // A 15: more correct options; one wrong choice costs.
  await page.getByTestId('task-tab').nth(indexOf(15)).click();
  await expect(page.getByTestId('task-pane')).toHaveAttribute('data-task-type', '15');
  await page.getByRole('checkbox', { name: '4', exact: true }).check();
  await page.getByRole('checkbox', { name: '9', exact: true }).check();
  await page.getByTestId('check').click();
  await expect(page.getByTestId('verdict')).toHaveText('Sorry, bad answer.');
  await page.getByRole('checkbox', { name: '9', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: '16', exact: true }).check();
  await page.getByTestId('check').click();
  await expect(page.getByTestId('verdict')).toHaveText('Correct!');
  await expectNoA11yViolations(page, { label: 'notebook quiz 15', exclude: ['.monaco-editor'] });
  await page.screenshot({ path: screenshotPath('notebook-quiz-15'), fullPage: true });
});
