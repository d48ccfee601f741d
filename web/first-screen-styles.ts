/**
 * The first screens' styles, in the built page (issue 20 item 22).
 *
 * MUI's components style themselves at run time: emotion turns each style into CSS rules and inserts them, in the
 * commit that first shows the component. On the signed-in shell and the task player that was about a third of the
 * first commit, the longest task of a phone's first load. Emotion skips a style whose rules a page already holds in
 * a `<style data-emotion="css <id> <id>…">` (what a server-rendered page sends), so the build writes the rules of the
 * first screens there: the dashboard and the task player (a question task and a programming task), on a phone and
 * on a desktop, in the light theme (a new user's).
 *
 * The rules are recorded from the running app, in the order emotion inserted them, into `first-screen-styles.css`
 * beside this file (`npm run record:first-styles`, tests/tools/record-first-styles.ts). A recording that has gone
 * stale costs nothing but speed: a style it lacks is inserted at run time as before, one it holds but no screen
 * uses is a few unused bytes. The browser test `first-load.spec.ts` fails when the first screens insert many
 * styles at run time, that is, when the recording needs to be made again.
 */
import { readFileSync } from 'node:fs';

/** The recording: a header comment, then one rule a line. */
export const firstScreenStylesFile = decodeURIComponent(new URL('./first-screen-styles.css', import.meta.url).pathname);

/** What the recording visits, as the demo student: the dashboard, a question task, a programming task. */
export const firstScreenStylePages = ['/dashboard', '/chapter_content/2?lesson=5', '/chapter_content/2?lesson=7'];

/** A phone's width (Lighthouse's mobile profile) and a desktop's. */
export const firstScreenStyleWidths = [412, 1280];

/** Marks the built page's block of recorded rules (the recording leaves it out of the page it records). */
export const FIRST_SCREEN_MARK = 'data-first-screen';

/**
 * The emotion id a rule belongs to: `animation-…` for keyframes, else the first class `css-<id>` of its selector
 * (a style's rules all start from its own class: `.css-<id>`, `.css-<id>:hover`, `@media …{.css-<id>…}`).
 */
export function emotionStyleId(rule: string): string | null {
  const match = /^@(?:-webkit-)?keyframes (animation-[\w-]+)/.exec(rule) ?? /\.css-([\w-]+)/.exec(rule);
  return match?.[1] ?? null;
}

/** The recording's rules, grouped by id in the order recorded. */
export function recordedStyles(text: string): Map<string, string[]> {
  const styles = new Map<string, string[]>();
  for (const line of text.replace(/^\/\*[\s\S]*?\*\/\n/, '').split('\n')) {
    const rule = line.trim();
    if (!rule) continue;
    const id = emotionStyleId(rule);
    if (!id) throw new Error(`first-screen styles: no emotion id in the rule ${rule.slice(0, 80)}`);
    styles.set(id, [...(styles.get(id) ?? []), rule]);
  }
  return styles;
}

/**
 * A built page without its block of recorded rules (the recorder serves pages so; web/build.mjs, plain Node that
 * cannot import this file, writes the same pattern for the prerendered pages). The block holds no `<` (below).
 */
export function withoutFirstScreenStyles(html: string): string {
  return html.replace(new RegExp(`\\s*<style [^>]*${FIRST_SCREEN_MARK}[^>]*>[^<]*</style>`), '');
}

/** The `<style>` element the build puts in the page's head, or '' without a recording. */
export function firstScreenStyleTag(file = firstScreenStylesFile): string {
  const styles = recordedStyles(readFileSync(file, 'utf8'));
  if (styles.size === 0) return '';
  // No `<` at all: it could close the element early, and the build and the recorder find the element by `[^<]*`.
  // Emotion's rules of these screens hold none; a recorded one that did is refused.
  const css = [...styles.values()].flat().join('');
  if (css.includes('<')) throw new Error('first-screen styles: a rule holds "<"');
  // `data-s`: already in the head, where emotion moves a server-rendered page's styles out of the way of React's
  // hydration; moving it took ~7 ms here, in the task that loads emotion.
  return `<style data-emotion="css ${[...styles.keys()].join(' ')}" data-s ${FIRST_SCREEN_MARK}>${css}</style>`;
}
