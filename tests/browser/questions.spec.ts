/**
 * Question tasks 1-7 end to end (issue 11): an author creates one task of each type in English and
 * Slovak with the editors; a second author finds it locked; a student solves the demo lesson's
 * tasks right, half right and wrong, buys help and an answer, reports a bug and sees XP and coins
 * change in the header; the admin viewer checks an answer. axe-core runs on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, login, logout, screenshotPath, apiAs } from './fixtures';

const noSeriousA11yFindings = (page: Page, label: string) => expectNoA11yViolations(page, { label });


/** Types into the tiptap field of a pane. */
async function typeRich(page: Page, testId: string, text: string) {
  const editor = page.getByTestId(testId).locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type(text);
}

test.use({ actionTimeout: 15_000 });

let lessonId = 0;
let createdTaskId = 0;

test('an author creates a task of each type 1-7 in English and Slovak', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'admin');
  const preview = await apiAs(page, '/course-preview/1');
  lessonId = preview.info.chapterlist[1].lessons.find((l: { lesson: string }) => l.lesson === 'Numbers and strings').lesson_id;

  const specs: Array<{ route: string; type: number; fill: (page: Page) => Promise<void> }> = [
    { route: 'admin_content', type: 1, fill: async (p) => { await typeRich(p, 'content-left', 'Reading about loops'); await typeRich(p, 'content-right', 'Čítanie o cykloch'); } },
    ...[2, 3, 4].map((type) => ({
      route: 'admin_type24',
      type,
      fill: async (p: Page) => {
        await typeRich(p, 'content-left', `Question of type ${type}`);
        await typeRich(p, 'content-right', `Otázka typu ${type}`);
        await p.getByTestId('pane-left').getByLabel('Answer 1').fill('yes');
        await p.getByTestId('pane-right').getByLabel('Answer 1').fill('áno');
        if (type !== 2) {
          await p.getByTestId('add-answer').click();
          await p.getByTestId('pane-left').getByLabel('Answer 2').fill('no');
          await p.getByTestId('pane-right').getByLabel('Answer 2').fill('nie');
        }
        if (type === 4) {
          await p.getByTestId('harmonise').click();
          await expect(p.getByTestId('rating-sum')).toContainText('0 %');
        }
        await typeRich(p, 'help-left', 'Think twice');
        await typeRich(p, 'help-right', 'Premýšľajte');
      },
    })),
    ...[5, 6].map((type) => ({
      route: 'admin_type56',
      type,
      fill: async (p: Page) => {
        await typeRich(p, 'content-left', 'Fill in: §§print§§("hi")');
        await typeRich(p, 'content-right', 'Doplňte: §§print§§("ahoj")');
        if (type === 6) {
          await p.getByTestId('fake-input-left').fill('echo');
          await p.getByTestId('fake-input-left').press('Enter');
          await p.getByTestId('fake-input-right').fill('echo');
          await p.getByTestId('fake-input-right').press('Enter');
        }
        await p.getByTestId('show-gaps').click();
        await expect(p.getByRole('dialog')).toContainText('print');
        await p.getByRole('button', { name: 'Close' }).last().click();
      },
    })),
    { route: 'admin_type7', type: 7, fill: async (p) => { await typeRich(p, 'content-left', 'Order the lines'); await typeRich(p, 'content-right', 'Zoraďte riadky'); await p.getByTestId('lines-left').fill('a = 1\nprint(a)'); await p.getByTestId('lines-right').fill('a = 1\nprint(a)'); } },
  ];

  for (const spec of specs) {
    await page.goto(`/${spec.route}/${lessonId}/0`);
    if (spec.type >= 2 && spec.type <= 6 && spec.type !== 2 && spec.type !== 5) {
      await page.getByRole('combobox', { name: 'Task type' }).click();
      await page.getByRole('option', { name: new RegExp(`^Type ${spec.type} `) }).click();
    }
    await spec.fill(page);
    if (spec.type === 3) await noSeriousA11yFindings(page, 'task editor');
    await page.getByTestId('save').click();
    await expect(page).toHaveURL(new RegExp(`/${spec.route}/${lessonId}/[1-9]\\d*$`));
    await expect(page.getByTestId('lock-bar')).toBeVisible();
    if (spec.type === 6) await page.screenshot({ path: screenshotPath('task-editor-type6'), fullPage: true });
    createdTaskId = Number(page.url().split('/').pop());
    const saved = await apiAs(page, `/get-task-in-all-lang/${createdTaskId}`);
    expect(saved.task_type_id).toBe(spec.type);
    expect(saved.list[0].translated).toBe(1);
    expect(saved.list[1].translated).toBe(1);
  }
  // The last task stays open (locked by the admin) for the second author.
  await page.goto(`/admin_type7/${lessonId}/${createdTaskId}`);
  await expect(page.getByTestId('countdown')).toContainText(/Locked for you: 29:5\d|Locked for you: 30:00/);
  await apiAs(page, '/grant-permission', { method: 'POST', json: { email: 'teacher@example.com', course_id: 1, role_code: 'course_content_creator' } });
});

test('a second author sees the lock and cannot save', async ({ page }) => {
  await login(page, 'teacher');
  await page.goto(`/task_edit/1/${lessonId}/7/1/2/${createdTaskId}`);
  await expect(page.getByTestId('locked-message')).toHaveText('The task is locked by another user - you can only read. To edit try again later.');
  await expect(page.getByTestId('save')).toHaveCount(0);
  await expect(page.getByTestId('save-close')).toHaveCount(0);
  await noSeriousA11yFindings(page, 'locked editor');
});

test('the admin viewer shows a task, its help and answer, and checks it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/show_content/13');
  await expect(page.getByTestId('task-question')).toBeVisible();
  await page.getByTestId('option').filter({ hasText: '"42"' }).click();
  await page.getByTestId('viewer-check').click();
  await expect(page.getByTestId('viewer-rating')).toHaveText('Correct!');
  await page.getByTestId('viewer-help').click();
  await expect(page.getByTestId('viewer-help-panel')).toContainText('Strings are written in quotes.');
  await noSeriousA11yFindings(page, 'viewer');
  await page.goto('/show_solutions/21');
  await expect(page.getByTestId('viewer-answer-panel')).toContainText('print(greeting)');
});

test('a student solves every type, buys help and an answer, reports a bug, and sees XP and coins change', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'student');
  const xpBefore = await page.getByTestId('xp-chip').innerText();
  const coinsBefore = await page.getByTestId('coins-chip').innerText();
  await page.goto('/chapter_content/2');
  await page.getByTestId('lesson-item').filter({ hasText: 'All question types' }).click();
  const tabs = page.getByTestId('task-tab');
  await expect(tabs).toHaveCount(14);
  await expect(tabs.nth(0)).toHaveAttribute('data-status', 'passed'); // content passes on viewing
  await noSeriousA11yFindings(page, 'player');
  const verdict = page.getByTestId('verdict');
  const check = async () => page.getByTestId('check').click();

  // Type 2: wrong, then right.
  await tabs.nth(1).click();
  await page.getByTestId('short-answer').fill('echo');
  await check();
  await expect(verdict).toContainText('echo is a shell command, not Python.');
  await page.getByTestId('short-answer').fill('print');
  await check();
  await expect(verdict).toContainText('Yes, print writes to the screen.');
  await expect(tabs.nth(1)).toHaveAttribute('data-status', 'passed');
  // Type 2, half right (a lower-rated answer).
  await tabs.nth(2).click();
  await page.getByTestId('short-answer').fill('3.5');
  await check();
  await expect(verdict).toContainText('Partly right: 20.0 %');

  // Type 3: wrong, then right.
  await tabs.nth(4).click();
  await page.getByTestId('option').filter({ hasText: /^42$/ }).click();
  await check();
  await expect(verdict).toHaveText(/Sorry, bad answer\./);
  await page.getByTestId('option').filter({ hasText: '"42"' }).click();
  await check();
  // A right answer shows its feedback; 'Correct!' only when the feedback is empty.
  await expect(verdict).toHaveText('Quotes make it a string.');

  // Type 4: half right.
  await tabs.nth(6).click();
  await page.getByTestId('option').filter({ hasText: /^if$/ }).click();
  await check();
  await expect(verdict).toContainText('Partly right: 50.0 %');
  await expect(tabs.nth(6)).toHaveAttribute('data-status', 'half');

  // Type 5: right.
  await tabs.nth(8).click();
  await page.getByTestId('gap-0').fill('print');
  await check();
  await expect(verdict).toContainText('Correct!');

  // Type 6: wrong.
  await tabs.nth(10).click();
  await page.getByRole('combobox', { name: 'Gap 1' }).click();
  await page.getByRole('option', { name: 'str' }).click();
  await check();
  await expect(verdict).toContainText('Sorry, bad answer.');

  // Type 7: right, with the line buttons.
  await tabs.nth(12).click();
  const want = ['name = input()', 'greeting = "Hello, " + name', 'print(greeting)'];
  for (let target = 0; target < want.length; target++) {
    const lines = page.getByTestId('line');
    const texts = await lines.allInnerTexts();
    let at = texts.findIndex((t) => t.includes(want[target]!));
    while (at > target) {
      await lines.nth(at).getByRole('button', { name: 'Move line up' }).click();
      at--;
    }
  }
  await check();
  await expect(verdict).toContainText('Correct!');
  await page.screenshot({ path: screenshotPath('player-reorder'), fullPage: true });

  // XP and coins changed in the header.
  await expect(page.getByTestId('xp-chip')).not.toHaveText(xpBefore);
  await expect(page.getByTestId('coins-chip')).not.toHaveText(coinsBefore);

  // Buy help and the answer on the second reorder task.
  await tabs.nth(13).click();
  const coins = async () => Number((await page.getByTestId('coins-chip').innerText()).replace(/\D/g, ''));
  const beforeHelp = await coins();
  await page.getByTestId('buy-help').click();
  await expect(page.getByRole('dialog')).toContainText('10 coins');
  await page.getByTestId('buy-confirm').click();
  await expect(page.getByTestId('help-panel')).toContainText('The loop comes first');
  await expect.poll(coins).toBe(beforeHelp - 10);
  await page.getByTestId('buy-answer').click();
  await expect(page.getByRole('dialog')).toContainText('20 coins');
  await page.getByTestId('buy-confirm').click();
  await expect(page.getByTestId('answer-panel')).toContainText('print(i)');
  await expect.poll(coins).toBe(beforeHelp - 30);
  await noSeriousA11yFindings(page, 'player with help and answer');

  // Report a bug: nothing is sent under 3 characters.
  await page.getByTestId('report').click();
  await page.getByTestId('report-text').fill('ab');
  await expect(page.getByTestId('report-send')).toBeDisabled();
  await page.getByTestId('report-text').fill('The second line is ambiguous.');
  await noSeriousA11yFindings(page, 'error report dialog');
  await page.getByTestId('report-send').click();
  await expect(page.getByText('Thank you, the report was sent.')).toBeVisible();
  await logout(page);
});
