/**
 * Records the first screens' styles into web/first-screen-styles.css (web/first-screen-styles.ts says why):
 * `npm run record:first-styles`, after `npm run build`, then build again to put them in the page.
 *
 * It starts a local cloud of its own with the demo content on the built web app (WEB_ROOT, default web/dist),
 * signs in as the demo student and opens each of the recorded pages in Chromium (CHROMIUM_PATH, default Debian's)
 * at each recorded width, in a fresh tab with an empty cache. The page is served without the build's block of
 * recorded rules, so each style is inserted by emotion and seen here, exactly as emotion wrote it (with every
 * browser's prefixes, not the CSS this browser would keep).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startLocalCloud } from '../../functions/src/app/cloud';
import {
  FIRST_SCREEN_MARK,
  emotionStyleId,
  firstScreenStylePages,
  firstScreenStylesFile,
  firstScreenStyleWidths,
  withoutFirstScreenStyles,
} from '../../web/first-screen-styles';

declare global {
  interface Window {
    lectioInsertedRules?: string[];
  }
}

/** Emotion's rules as it inserts them into its own sheet (`data-emotion="css"`, not the global styles' sheet). */
function recordInsertedRules() {
  const insert = CSSStyleSheet.prototype.insertRule;
  window.lectioInsertedRules = [];
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    const owner = this.ownerNode instanceof Element ? this.ownerNode.getAttribute('data-emotion') : null;
    if (owner === 'css') window.lectioInsertedRules!.push(rule);
    return insert.call(this, rule, index);
  };
}

const webRoot = process.env.WEB_ROOT ?? join(import.meta.dirname, '../../web/dist');
if (!existsSync(join(webRoot, 'index.html'))) {
  console.error(`No built web app in ${webRoot}: run \`npm run build\` first.`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-first-styles-'));
const cloud = await startLocalCloud({ dataDir, port: 0, seed: 'demo', dynamoInMemory: true, webRoot });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const { clientSecret } = (await (await fetch(`${cloud.url}/config.json`)).json()) as { clientSecret: string };
  const signIn = await fetch(`${cloud.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 2,
      client_secret: clientSecret,
      username: 'student@example.com',
      password: 'student-demo',
    }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const styles = new Map<string, string[]>();
  for (const width of firstScreenStyleWidths) {
    for (const path of firstScreenStylePages) {
      const context = await browser.newContext({ viewport: { width, height: 823 } });
      await context.addInitScript((stored) => localStorage.setItem('token', stored), token);
      await context.addInitScript(recordInsertedRules);
      // The page as built, less its recorded rules (else emotion would insert none of them).
      await context.route(
        (url) => url.origin === cloud.url && !url.pathname.startsWith('/api') && !/\.\w+$/.test(url.pathname),
        async (route) => {
          const url = new URL(route.request().url());
          const answer = await route.fetch();
          const html = withoutFirstScreenStyles(await answer.text());
          // Left in, the block would make emotion insert nothing, and the recording would come out empty.
          if (html.includes(FIRST_SCREEN_MARK))
            throw new Error(`${url.pathname}: the recorded styles could not be taken out of the page`);
          const headers = answer.headers();
          delete headers['content-encoding'];
          delete headers['content-length'];
          await route.fulfill({ status: answer.status(), headers, body: html });
        },
      );
      const page = await context.newPage();
      await page.goto(`${cloud.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('main').waitFor();
      await page.waitForTimeout(1_500);
      const rules = await page.evaluate(() => window.lectioInsertedRules ?? []);
      let added = 0;
      const seenHere = new Set<string>();
      for (const rule of rules) {
        const id = emotionStyleId(rule);
        if (!id) throw new Error(`no emotion id in ${rule.slice(0, 80)}`);
        // A style recorded on an earlier page is the same rules; one inserted again here (a second sheet) is not new.
        if (styles.has(id) && !seenHere.has(id)) continue;
        seenHere.add(id);
        styles.set(id, [...(styles.get(id) ?? []), rule.replace(/\n/g, ' ')]);
        added += 1;
      }
      console.log(`${String(width).padStart(5)} px  ${path.padEnd(30)} ${rules.length} rules, ${added} new`);
      await context.close();
    }
  }
  const header = [
    "/* The first screens' emotion rules, one a line, in the order inserted: written by `npm run record:first-styles`",
    ' * (tests/tools/record-first-styles.ts), read by the build (web/first-screen-styles.ts). Not edited by hand. */',
  ];
  writeFileSync(firstScreenStylesFile, `${[...header, ...[...styles.values()].flat()].join('\n')}\n`);
  console.log(`${styles.size} styles, ${[...styles.values()].flat().length} rules → ${firstScreenStylesFile}`);
} finally {
  await browser.close();
  await cloud.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
