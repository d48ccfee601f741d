/** The first screens' recorded styles (web/first-screen-styles.ts) as the build puts them in the page. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emotionStyleId,
  FIRST_SCREEN_MARK,
  firstScreenStylesFile,
  firstScreenStyleTag,
  recordedStyles,
  withoutFirstScreenStyles,
} from '../../web/first-screen-styles';

const dirs: string[] = [];
const recording = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'first-styles-'));
  dirs.push(dir);
  const file = join(dir, 'styles.css');
  writeFileSync(file, text);
  return file;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const header = '/* recorded\n * by the tool */\n';

describe('first-screen styles', () => {
  it("names each rule's emotion id: its class, its media query's class, its keyframes", () => {
    expect(emotionStyleId('.css-1ik8z3m{color:red;}')).toBe('1ik8z3m');
    expect(emotionStyleId('.css-1ik8z3m:hover{color:blue;}')).toBe('1ik8z3m');
    expect(emotionStyleId('@media (min-width:600px){.css-ogmp5q{display:none;}}')).toBe('ogmp5q');
    expect(emotionStyleId('.Mui-disabled .css-ab12-MuiButton-root{opacity:.5;}')).toBe('ab12-MuiButton-root');
    expect(emotionStyleId('@-webkit-keyframes animation-61bdi0{0%{opacity:0;}}')).toBe('animation-61bdi0');
    expect(emotionStyleId('@keyframes animation-61bdi0{0%{opacity:0;}}')).toBe('animation-61bdi0');
    expect(emotionStyleId('body{margin:0;}')).toBeNull();
  });

  it('groups the rules by id in the order recorded, after the header comment', () => {
    const styles = recordedStyles(`${header}.css-a{x:1;}\n.css-b{y:2;}\n@media (x){.css-a{z:3;}}\n\n`);
    expect([...styles]).toEqual([
      ['a', ['.css-a{x:1;}', '@media (x){.css-a{z:3;}}']],
      ['b', ['.css-b{y:2;}']],
    ]);
  });

  it('writes one element emotion takes as already inserted: every id in its attribute, the rules in order', () => {
    const tag = firstScreenStyleTag(recording(`${header}.css-a{x:1;}\n.css-b{y:2;}\n@media (x){.css-a{z:3;}}\n`));
    expect(tag).toBe(
      `<style data-emotion="css a b" data-s ${FIRST_SCREEN_MARK}>.css-a{x:1;}@media (x){.css-a{z:3;}}.css-b{y:2;}</style>`,
    );
  });

  it('a built page comes out without the block and its rules, the rest as it was', () => {
    const tag = firstScreenStyleTag(recording(`${header}.css-a{x:1;}\n`));
    const page = `<head>\n  <title>Lectio</title>\n  ${tag}\n  <script src="/s.js"></script>\n</head>`;
    expect(withoutFirstScreenStyles(page)).toBe('<head>\n  <title>Lectio</title>\n  <script src="/s.js"></script>\n</head>');
  });

  it('writes nothing without a recording, and refuses a rule it cannot place', () => {
    expect(firstScreenStyleTag(recording(header))).toBe('');
    expect(() => firstScreenStyleTag(recording(`${header}body{margin:0;}\n`))).toThrow(/no emotion id/);
    expect(() => firstScreenStyleTag(recording(`${header}.css-a{content:"</style>";}\n`))).toThrow(/holds "<"/);
    expect(() => firstScreenStyleTag(recording(`${header}.css-a{content:"<";}\n`))).toThrow(/holds "<"/);
  });

  it('the recording in the repository reads', () => {
    const styles = recordedStyles(readFileSync(firstScreenStylesFile, 'utf8'));
    expect(styles.size).toBeGreaterThan(100);
  });
});
