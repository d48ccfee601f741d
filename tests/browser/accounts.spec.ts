/**
 * Accounts end to end (issue 3): register a new user, confirm through the mailed link, reset the
 * password with the mailed code, log in with it, and change profile, theme and language.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, logout, openMenu, screenshotPath } from './fixtures';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The newest mail to `to` whose text matches `pattern`, polled until it arrives. */
async function mailMatching(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpExecArray> {
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

/** A full-page screenshot from the top (the sticky header would otherwise land mid-page). */
async function fullShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

async function loginWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('register, confirm by mail, reset the password, log in, change the profile', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `reader-${Date.now()}@example.com`;
  const firstPassword = 'first-pass-1';
  const newPassword = 'second-pass-2';

  // ---------- registration ----------
  await page.goto('/register');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Ada');
  await page.getByRole('textbox', { name: /^Surname/ }).fill('Lovelace');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.locator('input[name="passw"]').fill(firstPassword);
  await page.locator('input[name="passwConfirm"]').fill(firstPassword);
  // The year-of-birth slider by keyboard: Home is 1940, each Page Up adds ten years.
  const slider = page.getByRole('slider', { name: /Year of birth/ });
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('PageUp');
  await expect(page.getByTestId('age-value')).toHaveText('2000');
  await page.getByRole('combobox', { name: /^Country/ }).fill('Slovak');
  await page.getByRole('option', { name: 'Slovakia' }).click();
  await page.getByRole('combobox', { name: /^Primary group/ }).click();
  await page.getByRole('option', { name: 'Class A' }).click();
  await page.getByRole('radio', { name: 'University student' }).check();

  const register = page.getByTestId('register-submit');
  await expect(register).toBeDisabled();
  await expect(page.getByTestId('privacy-policy')).toContainText('anonymously');
  await page.getByTestId('privacy-agreement').locator('input').check();
  await expect(register).toBeEnabled();
  await expectNoA11yViolations(page, { label: 'accounts-register' });
  await fullShot(page, 'accounts-register');
  await register.click();

  await expect(page.getByTestId('feedback-alert')).toContainText(
    'Please check your mailbox and confirm registration (check the spam folder too).',
  );
  await expect(page.getByTestId('registration-sent')).toContainText(email);

  // An unconfirmed account cannot log in.
  const early = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: 2, client_secret: await clientSecret(request), email, password: firstPassword },
  });
  expect(early.status()).toBe(403);

  // ---------- confirmation link ----------
  const link = await mailMatching(request, email, /https?:\/\/[^\s]+(\/confirm\/[^\s/]+\/[^\s/]+)/);
  await page.goto(link[1]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await expectNoA11yViolations(page, { label: 'accounts-confirm-dashboard' });
  await fullShot(page, 'accounts-confirm-dashboard');

  // The link is single use.
  await logout(page);
  await page.goto(link[1]!);
  await expect(page.getByTestId('feedback-alert')).toContainText('confirm: ');
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'accounts-confirm-used' });
  await page.screenshot({ path: screenshotPath('accounts-confirm-used') });

  // ---------- password reset (source 1) ----------
  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await expect(page).toHaveURL(/\/pwdchange$/);
  // The login page stays while the password page's code loads, and its own field is also named E-mail: CI
  // once typed the address there, then sent an empty form.
  await expect(page.getByRole('heading', { name: 'Forgotten password' })).toBeVisible();
  await page.getByTestId('pwd-step-1').getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await expectNoA11yViolations(page, { label: 'accounts-pwd-1-email' });
  await page.screenshot({ path: screenshotPath('accounts-pwd-1-email') });
  await page.getByTestId('pwd-send-code').click();
  // The alert first: when the request fails, the failure names the server's answer.
  await expect(page.getByTestId('feedback-alert')).toContainText(
    'Please check your mailbox and confirm password change (check the spam folder too).',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('pwd-step-2')).toBeVisible();

  const code = (await mailMatching(request, email, /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/))[1]!;
  // Paste the whole code into the first part, as a user copying it from the mail would.
  await page.getByTestId('code-part-1').focus();
  await page.getByTestId('code-part-1').evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  const [p1, p2, p3] = code.split('-');
  await expect(page.getByTestId('code-part-1')).toHaveValue(p1!);
  await expect(page.getByTestId('code-part-2')).toHaveValue(p2!);
  await expect(page.getByTestId('code-part-3')).toHaveValue(p3!);
  await expectNoA11yViolations(page, { label: 'accounts-pwd-2-code' });
  await page.screenshot({ path: screenshotPath('accounts-pwd-2-code') });
  await page.getByTestId('pwd-verify-code').click();

  await expect(page.getByTestId('pwd-step-3')).toBeVisible();
  await page.locator('input[name="passwd"]').fill(newPassword);
  await page.locator('input[name="passwdConfirm"]').fill(newPassword);
  await expectNoA11yViolations(page, { label: 'accounts-pwd-3-password' });
  await page.screenshot({ path: screenshotPath('accounts-pwd-3-password') });

  // Hold the automatic login for a moment to capture step 4.
  let finishedShot: Promise<unknown> | null = null;
  await page.route('**/api/oauth/token', async (route) => {
    finishedShot ??= expect(page.getByTestId('pwd-finished'))
      .toBeVisible()
      .then(() => page.screenshot({ path: screenshotPath('accounts-pwd-4-finished') }));
    await finishedShot;
    await route.continue();
  });
  await page.getByTestId('pwd-change').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/oauth/token');

  // ---------- login with the new password ----------
  await logout(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(firstPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('feedback-alert')).toContainText('Access denied.');
  await loginWith(page, email, newPassword);

  // ---------- profile: fields, theme, language ----------
  await openMenu(page);
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.keyboard.press('Escape');
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(email);
  await expect(page.getByRole('combobox', { name: /^Country/ })).toHaveValue('Slovakia');
  await expectNoA11yViolations(page, { label: 'accounts-profile' });
  await fullShot(page, 'accounts-profile');

  await name.fill('Augusta');
  await page.getByRole('textbox', { name: /^Nickname/ }).fill('countess');
  await page.getByRole('radio', { name: 'Dark' }).check();
  // The preferred language switches the UI at once.
  await page.getByRole('combobox', { name: /^Preferred language/ }).click();
  await page.getByRole('option', { name: 'Slovenčina' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await expect(page.getByRole('heading', { name: 'Môj profil' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Krajina/ })).toHaveValue('Slovensko');
  await expectNoA11yViolations(page, { label: 'accounts-profile-sk' });
  await fullShot(page, 'accounts-profile-sk');
  await page.getByTestId('profile-save').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('feedback-alert')).toContainText('Údaje boli uložené.');
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expectNoA11yViolations(page, { label: 'accounts-profile-saved' });
  await fullShot(page, 'accounts-profile-saved');

  // After a reload the changes are still there: name, theme and language.
  await page.goto('/profile');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Meno/ })).toHaveValue('Augusta');
  await expect(page.getByRole('textbox', { name: /^Prezývka/ })).toHaveValue('countess');
  await expect(page.getByRole('radio', { name: 'Tmavý' })).toBeChecked();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});

test('the registration form shows the rules of spec/1 §5 and focuses the first error', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('textbox', { name: /^Name/ }).fill('A');
  await page.getByTestId('privacy-agreement').locator('input').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Name is too short.')).toBeVisible();
  await expect(page.getByText('Please set your age - content is dependent on age too.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  await expectNoA11yViolations(page, { label: 'accounts-register-errors' });
  await fullShot(page, 'accounts-register-errors');
});

async function clientSecret(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/config.json')).json()) as { clientSecret: string }).clientSecret;
}
