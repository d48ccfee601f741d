/**
 * Live kernels (issue 25 items 3 and 6): a student runs a notebook's cells in the chapter player (engineer
 * N's notebook pane, the kernel runner of web/src/lib/kernel-client.ts) on a sandboxed kernel reached
 * through Lectio's proxy: an input prompt answered with Enter and a matplotlib plot as a png output; the
 * admin sees the kernel on /show_kernels (user, started, last activity, state, memory) and deletes it after
 * asking; the student's next run makes a new kernel. Axe on every screen; screenshots
 * tests/artifacts/screenshots/kernels-*.png.
 */
import { expect, test } from '@playwright/test';
import { apiAs, demoLesson, expectNoA11yViolations, login, openMenu, screenshotPath } from './fixtures';

const codeCell = (text: string) => ({ cell_type: 'code', source: text.split(/(?<=\n)/), outputs: [], execution_count: null, metadata: {} });

test('a student runs notebook cells on the local kernel (input prompt, png plot); the admin deletes the kernel on /show_kernels', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The admin adds a reading notebook (type 12) that runs on a live kernel to the demo notebook lesson
  // (the demo's own notebook runs in the browser, its author's choice).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'admin');
  const service = (await apiAs(admin, '/get-jupy-token')) as { kernel_service: boolean };
  test.skip(!service.kernel_service, 'no kernel service here (jupyter-server is not installed)');
  const { courseId, chapterId, lessonId } = await demoLesson(admin, 'Python for data', 1);
  const cells = [
    codeCell("name = input('Your name: ')\nprint('Hello, ' + name + '!')"),
    codeCell("import matplotlib.pyplot as plt\nplt.plot([0, 1, 2, 3], [0, 1, 4, 9])\nplt.title('squares')\nplt.show()"),
  ];
  const saved = await apiAs(admin, '/create-edit-task-all-lang', {
    method: 'POST',
    json: { lesson_id: lessonId, task_id: 0, task_type_id: 12, max_score: 10, globals: JSON.stringify({ runner: 'kernel' }), content_list: [{ lang_id: 1, content: JSON.stringify(cells), visible: 1 }] },
  });
  expect(saved.message, JSON.stringify(saved)).toBe('OK');

  // The student opens it in the chapter player and runs both cells.
  await login(page, 'student');
  await page.goto(`/course_preview/${courseId}`);
  const start = page.getByTestId('start-course');
  await expect(start.or(page.getByTestId('open-course'))).toBeVisible();
  if (await start.isVisible()) await start.click();
  await page.goto(`/chapter_content/${chapterId}`);
  const list = await apiAs(page, `/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`);
  const index = list.task_list.findIndex((t: { id?: number; task_id?: number }) => (t.task_id ?? t.id) === saved.task_id);
  expect(index, JSON.stringify(list.task_list).slice(0, 300)).toBeGreaterThanOrEqual(0);
  await page.getByTestId('lesson-item').nth(1).click();
  await page.getByTestId('task-tab').nth(index).click();
  const pane = page.getByTestId('task-pane');
  await expect(pane).toHaveAttribute('data-task-type', '12');

  const started = Date.now();
  await pane.getByTestId('run-cell').first().click();
  const input = pane.getByTestId('nb-input');
  await expect(input).toBeVisible({ timeout: 60_000 });
  console.log(`live kernel: first prompt ${Date.now() - started} ms after the first run`);
  await expectNoA11yViolations(page, { label: 'notebook on a kernel, input prompt', exclude: ['.monaco-editor'] });
  await input.fill('Ada');
  await input.press('Enter');
  await expect(pane.getByTestId('code-cell').first()).toContainText('Hello, Ada!');
  await pane.getByTestId('run-cell').nth(1).click();
  await expect(pane.getByTestId('code-cell').nth(1).getByTestId('png-output')).toBeVisible({ timeout: 60_000 });
  await expect(pane.getByTestId('nb-status')).toHaveAttribute('data-status', 'idle');
  await expectNoA11yViolations(page, { label: 'notebook on a kernel', exclude: ['.monaco-editor'] });
  await page.screenshot({ path: screenshotPath('kernels-notebook-player'), fullPage: true });
  const mine = (await (await page.request.get('/kernels/api/kernels', { headers: { authorization: `token ${(await apiAs(page, '/get-jupy-token')).jupytoken}` } })).json()) as Array<{ id: string }>;
  expect(mine).toHaveLength(1);
  const kernelId = mine[0]!.id;

  // The admin's kernel list, from the side menu
  await openMenu(admin);
  await admin.getByTestId('menu-show_kernels').click();
  await expect(admin).toHaveURL(/\/show_kernels\/?$/);
  await expect(admin.getByRole('heading', { name: 'Show Kernels', level: 1 })).toBeVisible();
  const row = admin.getByTestId('kernel-list').getByRole('row').filter({ has: admin.getByTestId(`kernel-delete-${kernelId}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('MB');
  await expect(row).toContainText(/Idle|Busy/);
  await expectNoA11yViolations(admin, { label: 'kernel list' });
  await admin.screenshot({ path: screenshotPath('kernels-admin-list'), fullPage: true });

  await admin.getByTestId(`kernel-delete-${kernelId}`).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('Delete the kernel of');
  await expectNoA11yViolations(admin, { include: '[role="dialog"]', label: 'kernel delete dialog' });
  await admin.screenshot({ path: screenshotPath('kernels-delete-dialog') });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('The kernel was deleted.')).toBeVisible();
  await expect(admin.getByTestId(`kernel-delete-${kernelId}`)).toHaveCount(0);
  await expectNoA11yViolations(admin, { label: 'kernel list after delete' });
  await admin.screenshot({ path: screenshotPath('kernels-admin-deleted'), fullPage: true });

  // The student's next run makes a new kernel (the deleted one is missing): the variables are gone.
  await pane.getByTestId('run-cell').first().click();
  await expect(pane.getByTestId('nb-input')).toBeVisible({ timeout: 60_000 });
  await pane.getByTestId('nb-input').fill('Grace');
  await pane.getByTestId('nb-input').press('Enter');
  await expect(pane.getByTestId('code-cell').first()).toContainText('Hello, Grace!');
  // the demo lesson as it was, for the notebook spec that may run on this cloud after this one
  expect((await apiAs(admin, '/delete-task', { method: 'POST', json: { id: saved.task_id } })).message).toBe('OK');
  await adminContext.close();
});

test('students and teachers do not get the kernel list', async ({ page }) => {
  await login(page, 'teacher');
  await openMenu(page);
  await expect(page.getByTestId('menu-show_kernels')).toHaveCount(0);
  await page.goto('/show_kernels/');
  await expect(page.getByTestId('kernel-list')).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'kernel list refused' });
});
