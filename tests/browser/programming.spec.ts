/**
 * Programming tasks end to end (issue 12, "Done when"): an author writes a Python type-8 task with test
 * cases and runs the author solution in the editor's preview, watching live progress; a student runs
 * code interactively (types input into the terminal), evaluates, gets a partial then a full grade and
 * XP — for the demo lesson's Python and Java type 8, type 9 (unit tests) and type 10 (SQL) tasks. axe
 * runs on every screen; screenshots land in tests/artifacts/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, openCodeEditor, screenshotPath, setCode, apiAs } from './fixtures';

test.use({ actionTimeout: 20_000, permissions: ['clipboard-read', 'clipboard-write'] });

/** Collects every text a status element shows (live progress), from now on. */
async function watchStatus(page: Page, testId: string) {
  // The element may still be on its way (a lazy pane): CI once observed before it was there.
  await page.getByTestId(testId).waitFor({ state: 'attached' });
  await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`)!;
    const seen: string[] = [];
    (window as unknown as { __status: string[] }).__status = seen;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, testId);
  return () => page.evaluate(() => (window as unknown as { __status: string[] }).__status);
}

const xp = async (page: Page) => Number((await page.getByTestId('xp-chip').innerText()).replace(/\D/g, ''));

let lessonId = 0;

test('an author writes a Python type 8 task with test cases and runs the solution in preview, watching live progress', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await login(page, 'admin');
  const preview = await apiAs(page, '/course-preview/1');
  lessonId = preview.info.chapterlist[1].lessons.find((l: { lesson: string }) => l.lesson === 'Programming tasks').lesson_id;
  await page.goto(`/admin_type8/1/${lessonId}/0`);
  await expect(page.getByTestId('section-files')).toBeVisible();
  await expect(page.getByTestId('tab-files').first()).toHaveText('file1.py');
  await page.getByTestId('title-left').fill('Square of a number');
  await page.getByTestId('content-left').locator('.ProseMirror').click();
  await page.keyboard.type('Read a whole number and print its square.');
  await expect(page.getByTestId('char-count-left')).toHaveText('41 characters');
  await page.getByTestId('title-right').fill('Druhá mocnina');
  await page.getByTestId('content-right').locator('.ProseMirror').click();
  await page.keyboard.type('Načítajte celé číslo a vypíšte jeho druhú mocninu.');
  // Files: rename file1.py inline (Esc cancels, Enter confirms), add and delete a new file.
  await page.getByTestId('rename-button-files').click();
  await page.getByTestId('rename-files').fill('square.py');
  await page.getByTestId('rename-files').press('Escape');
  await expect(page.getByTestId('tab-files').first()).toHaveText('file1.py');
  await page.getByTestId('rename-button-files').click();
  await page.getByTestId('rename-files').fill('square.py');
  await page.getByTestId('rename-files').press('Enter');
  await expect(page.getByTestId('tab-files').first()).toHaveText('square.py');
  await page.getByTestId('add-files').click();
  await expect(page.getByTestId('tab-files')).toHaveText(['square.py', 'file1.py']);
  await page.getByTestId('delete-files').click();
  await expect(page.getByTestId('tab-files')).toHaveText(['square.py']);
  await page.getByTestId('tab-files').first().click();
  await setCode(page, 'editor-requested', 'n = int(input())\n');
  await setCode(page, 'editor-solution', 'n = int(input())\nprint(n * n)\n');
  await setCode(page, 'editor-test-cases', 'case = three\ninput = 3\noutput = 9\n\ncase = negative\ninput = -4\noutput = 16\n');
  // A binary data file is uploaded as base64.
  await page
    .getByTestId('upload-input-filesToKeep')
    .setInputFiles({ name: 'pixels.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 255]) });
  await expect(page.getByTestId('section-filesToKeep')).toContainText('pixels.bin is a binary file (4 bytes)');
  await expectNoA11yViolations(page, { label: 'program editor (new task)' });
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(new RegExp(`/admin_type8/1/${lessonId}/[1-9]\\d*$`));
  const taskId = Number(page.url().split('/').pop());
  const saved = await apiAs(page, `/get-task-in-all-lang/${taskId}`);
  expect(saved.task_type_id).toBe(8);
  const content = JSON.parse(saved.list[0].content);
  expect(content.files).toEqual([
    { name: 'square.py', rContent: 'n = int(input())\n', aContent: 'n = int(input())\nprint(n * n)\n' },
  ]);
  expect(content.filesToKeep.find((f: { name: string }) => f.name === 'pixels.bin')).toEqual({
    name: 'pixels.bin',
    content: 'AAEC/w==',
    encoding: 'base64',
  });
  expect(JSON.parse(saved.list[1].content).title).toBe('Druhá mocnina');

  // Preview: the author's solution through the judge, progress shown live, the % score in the terminal area.
  await expect(page.getByTestId('editor-solution')).toContainText('print(n');
  const statuses = await watchStatus(page, 'preview-status');
  await page.getByTestId('preview-evaluate').click();
  await expect(page.getByTestId('preview-grade')).toHaveText('100.00 %', { timeout: 30_000 });
  await expect(page.getByTestId('preview-grade')).toHaveAttribute('data-colour', 'green');
  const seen = await statuses();
  expect(seen.some((s) => s.startsWith('awaiting connection'))).toBe(true);
  expect(seen.some((s) => s.startsWith('reading result'))).toBe(true);
  await expect(page.getByTestId('preview-terminal-text')).toContainText('Grade: 100.00 %');
  await expect(page.getByTestId('preview-terminal-text')).toContainText('----- done -----');
  // A wrong solution gets a partial score.
  await setCode(page, 'editor-solution', 'n = int(input())\nprint(n * 3)\n');
  await page.getByTestId('preview-evaluate').click();
  await expect(page.getByTestId('preview-grade')).toHaveText('50.00 %', { timeout: 30_000 });
  await expect(page.getByTestId('preview-grade')).toHaveAttribute('data-colour', 'orange');
  await page.screenshot({ path: screenshotPath('program-editor-preview'), fullPage: true });
  await expectNoA11yViolations(page, { label: 'program editor (preview)' });

  // The admin viewer (spec/2 §2.8): the learner's files are checked with the task's tests; answer and help.
  await page.goto(`/show_content/${taskId}`);
  await expect(page.getByTestId('program-viewer')).toBeVisible();
  await setCode(page, 'viewer-editor', 'n = int(input())\nprint(n ** 2)\n');
  await page.getByTestId('viewer-check').click();
  await expect(page.getByTestId('viewer-grade')).toHaveText('100.00 %', { timeout: 30_000 });
  await page.getByTestId('viewer-answer').click();
  await expect(page.getByTestId('viewer-answer-panel')).toContainText('print(n');
  await page.getByTestId('viewer-help').click();
  await expect(page.getByTestId('viewer-help-panel')).toBeVisible();
  await expectNoA11yViolations(page, { label: 'program viewer' });
  await page.screenshot({ path: screenshotPath('program-viewer'), fullPage: true });
  await page.getByTestId('viewer-hide-help').click();
  await expect(page.getByTestId('viewer-help-panel')).toHaveCount(0);
});

async function openProgram(page: Page, title: string) {
  await page.goto(`/chapter_content/2?lesson=${lessonId}`);
  const tabs = page.getByTestId('task-tab');
  await expect(tabs.first()).toBeVisible();
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    // The program pane loads on first use (lazy, with Monaco): wait for it before reading the title.
    await expect(page.getByTestId('program-assignment')).toBeVisible({ timeout: 30_000 });
    if (
      await page
        .getByTestId('program-assignment')
        .getByText(title)
        .isVisible()
        .catch(() => false)
    )
      return;
  }
  throw new Error(`no program task "${title}"`);
}

async function evaluateAndExpect(page: Page, grade: string, colour: string) {
  await page.getByTestId('evaluate').click();
  await expect(page.getByTestId('grade')).toHaveText(grade, { timeout: 40_000 });
  await expect(page.getByTestId('grade')).toHaveAttribute('data-colour', colour);
  await expect(page.getByTestId('evaluate')).toBeVisible({ timeout: 20_000 });
}

async function runInteractively(page: Page, input: string, expected: string, prompt?: string) {
  await page.getByTestId('run').click();
  await expect(page.getByTestId('terminal')).toHaveAttribute('data-accepts-input', 'true', { timeout: 30_000 });
  if (prompt) await expect(page.getByTestId('terminal-text')).toContainText(prompt, { timeout: 30_000 });
  await page.getByTestId('terminal').locator('.xterm').click();
  await page.keyboard.type(input);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('terminal-text')).toContainText(expected, { timeout: 30_000 });
  await expect(page.getByTestId('terminal-text')).toContainText('----- done -----', { timeout: 30_000 });
}

test('a student runs the Python task interactively, evaluates, gets a partial then a full grade and XP', async ({ page }) => {
  test.setTimeout(150_000);
  // Monaco, its worker and xterm come from the app's own origin: nothing is refused by the CSP.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await login(page, 'student');
  if (!lessonId)
    lessonId = (await apiAs(page, '/get-active-lessons2/2')).lesson_list.find(
      (l: { lesson_name: string }) => l.lesson_name === 'Programming tasks',
    ).lesson_id;
  const xpBefore = await xp(page);
  await openProgram(page, 'Sum from 1 to n');
  await expect(page.getByTestId('code-editor')).toContainText('input');
  await expectNoA11yViolations(page, { label: 'program player' });
  // Cyrillic in the submitted files is transliterated before the run (spec/3 §7).
  await setCode(page, 'code-editor', 'n = int(input("Число n = "))\nprint(sum(range(n)))\n');
  await runInteractively(page, '4', '6', 'Chislo n = ');
  await expect(page.getByTestId('terminal-text')).toContainText('Chislo n = 4');
  await evaluateAndExpect(page, '33.33 %', 'orange');
  await expect(page.getByTestId('rating')).toHaveText('33.3 %');
  await page.getByTestId('tab-tests').click();
  await expect(page.getByTestId('test-results')).toContainText('Summary of tests');
  await page.screenshot({ path: screenshotPath('program-player-partial'), fullPage: true });
  await setCode(page, 'code-editor', 'n = int(input("n = "))\nprint(sum(range(n + 1)))\n');
  await evaluateAndExpect(page, '100.00 %', 'green');
  await expect(page.getByTestId('rating')).toHaveText('100.0 %');
  await expect.poll(() => xp(page)).toBeGreaterThan(xpBefore);
  // My solutions: both graded solutions, newest first; an older one goes back into the editor.
  await page.getByTestId('tab-solutions').click();
  await expect(page.getByTestId('my-solutions').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('my-solutions').getByRole('listitem').first()).toContainText('100.00 %');
  await expect(page.getByTestId('my-solutions').getByRole('listitem').nth(1)).toContainText('33.33 %');
  await expectNoA11yViolations(page, { label: 'program player: my solutions' });
  await page.getByTestId('load-solution').nth(1).click();
  await expect(page.getByTestId('code-editor')).toContainText('range(n))');
  await page.getByTestId('load-solution').first().click();
  await expect(page.getByTestId('code-editor')).toContainText('n\u00a0+\u00a01');
  // My ratings: every graded attempt.
  await page.getByTestId('tab-ratings').click();
  await expect(page.getByTestId('my-ratings').getByRole('listitem')).toHaveCount(2);
  // My bug-reports: a report sent from the toolbar is listed.
  await page.getByTestId('tab-reports').click();
  await expect(page.getByTestId('program-assignment')).toContainText('You have not reported an error on this task.');
  await page.getByTestId('report').click();
  await page.getByTestId('report-text').fill('The example output has a typo.');
  await page.getByTestId('report-send').click();
  await expect(page.getByTestId('my-reports')).toContainText('The example output has a typo.');
  await page.screenshot({ path: screenshotPath('program-player-my-reports'), fullPage: true });
  // The code was saved before the run: it comes back on reload.
  await page.reload();
  await openProgram(page, 'Sum from 1 to n');
  await expect(page.getByTestId('code-editor')).toContainText('n\u00a0+\u00a01');
  // F11 puts the editor in full screen, Esc takes it back.
  await (await openCodeEditor(page, 'code-editor')).click();
  await page.keyboard.press('F11');
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-full-screen', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-full-screen', 'false');
  // Layouts cycle 0-5.
  for (let v = 1; v <= 6; v++) {
    await page.getByTestId('view-switch').click();
    await expect(page.getByTestId('program-layout')).toHaveAttribute('data-view', String(v % 6));
  }
  await expectNoA11yViolations(page, { label: 'program player (graded)' });
  expect(refused).toEqual([]);
});

test('the same for Java, a type 9 and a type 10 task', async ({ page }) => {
  test.setTimeout(240_000);
  // A task's first pass earns XP once (spec/3 §7): a retry replays tasks the failed try may have passed
  // already, so it expects no loss instead (CI once failed the retry on the Java task the first try passed).
  const earned = (before: number) =>
    test.info().retry === 0
      ? expect.poll(() => xp(page)).toBeGreaterThan(before)
      : expect.poll(() => xp(page)).toBeGreaterThanOrEqual(before);
  await login(page, 'student');
  if (!lessonId)
    lessonId = (await apiAs(page, '/get-active-lessons2/2')).lesson_list.find(
      (l: { lesson_name: string }) => l.lesson_name === 'Programming tasks',
    ).lesson_id;

  // Java (type 8)
  let before = await xp(page);
  await openProgram(page, 'The largest of three (Java)');
  const javaMain = (init: string) =>
    `import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int max = ${init};\n        for (int i = 0; i < 3; i++) max = Math.max(max, in.nextInt());\n        System.out.println(max);\n    }\n}\n`;
  await setCode(page, 'code-editor', javaMain('0'));
  await runInteractively(page, '3 9 4', '9');
  await evaluateAndExpect(page, '66.67 %', 'orange');
  await setCode(page, 'code-editor', javaMain('Integer.MIN_VALUE'));
  await evaluateAndExpect(page, '100.00 %', 'green');
  await earned(before);
  await page.screenshot({ path: screenshotPath('program-player-java'), fullPage: true });
  await expectNoA11yViolations(page, { label: 'program player (java)' });

  // Type 9: unit tests
  before = await xp(page);
  await openProgram(page, 'Rectangle functions (unit tests)');
  await setCode(
    page,
    'code-editor',
    'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return w + h\n\n\nif __name__ == "__main__":\n    print("area", area(int(input("w = ")), 2))\n',
  );
  await runInteractively(page, '5', 'area 10', 'w = ');
  await evaluateAndExpect(page, '50.00 %', 'orange');
  await page.getByTestId('tab-tests').click();
  await expect(page.getByTestId('test-results')).toContainText('perimeter of a 2 x 5 rectangle');
  await setCode(page, 'code-editor', 'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n');
  await evaluateAndExpect(page, '100.00 %', 'green');
  await earned(before);

  // Type 10: SQL
  before = await xp(page);
  await openProgram(page, 'Adults (SQL)');
  await setCode(page, 'code-editor', 'SELECT name FROM person WHERE age > 18 ORDER BY name');
  await page.getByTestId('run').click();
  // the run shows the result on dataset 1 and ends at sqlite's prompt
  await expect(page.getByTestId('terminal-text')).toContainText('Ada', { timeout: 30_000 });
  await expect(page.getByTestId('terminal-text')).toContainText('----- done -----', { timeout: 30_000 });
  await evaluateAndExpect(page, '33.33 %', 'orange');
  await setCode(page, 'code-editor', 'SELECT name FROM person WHERE age >= 18 ORDER BY name');
  await evaluateAndExpect(page, '100.00 %', 'green');
  await earned(before);
  await page.screenshot({ path: screenshotPath('program-player-sql'), fullPage: true });
  await expectNoA11yViolations(page, { label: 'program player (sql)' });
});
