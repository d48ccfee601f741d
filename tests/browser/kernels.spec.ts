/**
 * Live kernels (issue 25 items 3 and 6): a student's browser runs code on a sandboxed kernel through
 * Lectio's kernel proxy (the token from GET /get-jupy-token; REST and the channels WebSocket from the
 * page's own origin): an input prompt answered and a matplotlib plot as a png output; then the admin
 * sees the kernel on /show_kernels (user, started, last activity, state, memory) and deletes it after
 * asking. Axe on every screen; screenshots tests/artifacts/screenshots/kernels-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectNoA11yViolations, login, openMenu, screenshotPath } from './fixtures';

/** Runs cells on a new kernel from inside the page (what the notebook's kernel runner does): outputs per cell. */
async function runInPage(page: Page, cells: Array<{ code: string; input?: string }>) {
  const { jupytoken, kernel_base: base } = (await apiAs(page, '/get-jupy-token')) as { jupytoken: string; kernel_base: string };
  return page.evaluate(
    async ({ token, base, cells }) => {
      const auth = { authorization: `token ${token}`, 'content-type': 'application/json' };
      const kernel = (await (await fetch(`${base}/api/kernels`, { method: 'POST', headers: auth, body: '{"name":"python3"}' })).json()) as { id: string };
      const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}${base}/api/kernels/${kernel.id}/channels?session_id=${crypto.randomUUID()}&token=${encodeURIComponent(token)}`);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      const header = (type: string, id = crypto.randomUUID()) => ({ msg_id: id, msg_type: type, session: 's', username: 'student', date: new Date().toISOString(), version: '5.3' });
      const results: Array<{ text: string; pngs: string[]; prompts: string[]; status: string }> = [];
      for (const cell of cells) {
        const id = crypto.randomUUID();
        const out = { text: '', pngs: [] as string[], prompts: [] as string[], status: '' };
        await new Promise<void>((resolve) => {
          let replied = false;
          let idle = false;
          ws.onmessage = (event) => {
            const m = JSON.parse(String(event.data));
            if (m.parent_header.msg_id !== id) return;
            const c = m.content;
            if (m.header.msg_type === 'stream') out.text += c.text;
            if (m.header.msg_type === 'display_data' || m.header.msg_type === 'execute_result') {
              if (c.data['image/png']) out.pngs.push(c.data['image/png']);
              else out.text += `${c.data['text/plain']}\n`;
            }
            if (m.header.msg_type === 'input_request') {
              out.prompts.push(c.prompt);
              ws.send(JSON.stringify({ header: header('input_reply'), parent_header: m.header, metadata: {}, content: { value: cell.input ?? '' }, channel: 'stdin' }));
            }
            if (m.header.msg_type === 'execute_reply') {
              out.status = c.status;
              replied = true;
            }
            // the reply (shell) and the idle status (iopub) come in either order
            if (m.header.msg_type === 'status' && c.execution_state === 'idle') idle = true;
            if (replied && idle) resolve();
          };
          ws.send(JSON.stringify({ header: header('execute_request', id), parent_header: {}, metadata: {}, content: { code: cell.code, silent: false, store_history: true, user_expressions: {}, allow_stdin: true, stop_on_error: true }, channel: 'shell' }));
        });
        results.push(out);
      }
      ws.close();
      return { kernelId: kernel.id, results };
    },
    { token: jupytoken, base, cells },
  );
}

test('a student runs cells on a local kernel (input prompt, png plot); the admin deletes the kernel on /show_kernels', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await login(page, 'student');
  const token = (await apiAs(page, '/get-jupy-token')) as { kernel_service: boolean };
  test.skip(!token.kernel_service, 'no kernel service here (jupyter-server is not installed)');

  const { kernelId, results } = await runInPage(page, [
    { code: "name = input('Your name: ')\nprint('Hello, ' + name + '!')", input: 'Ada' },
    { code: 'import matplotlib.pyplot as plt\nplt.plot([1, 2, 3], [1, 4, 9])\nplt.title("squares")\nplt.show()' },
    { code: '6 * 7' },
  ]);
  expect(results[0]).toMatchObject({ status: 'ok', prompts: ['Your name: '], text: 'Hello, Ada!\n' });
  expect(results[1]!.status).toBe('ok');
  expect(results[1]!.pngs).toHaveLength(1);
  expect(Buffer.from(results[1]!.pngs[0]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(results[2]!.text).toBe('42\n');

  // the admin's kernel list, from the side menu
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'admin');
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

  // the student's kernel is gone
  const gone = await page.evaluate(
    async ({ base, id, token }) => (await fetch(`${base}/api/kernels/${id}`, { headers: { authorization: `token ${token}` } })).status,
    { base: '/kernels', id: kernelId, token: ((await apiAs(page, '/get-jupy-token')) as { jupytoken: string }).jupytoken },
  );
  expect(gone).toBe(404);
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
