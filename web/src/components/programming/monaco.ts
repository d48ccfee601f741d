/**
 * Monaco from the app's own bundle (no CDN): @monaco-editor/react gets the local `monaco-editor`
 * instance and the editor worker is a Vite worker chunk, so nothing loads from another origin (CSP
 * `script-src 'self'`, `worker-src 'self'`). The languages we edit most (Python, Java, C/C++, SQL, shell …)
 * need no language service and get the base editor worker; HTML and CSS (type 11 tasks) get their own
 * workers: Monaco's HTML and CSS modes ask the worker for links, folding ranges and symbols, and the base
 * worker answered each with an uncaught "Missing requestHandler or method: findDocumentLinks".
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import HtmlWorker from 'monaco-editor/language/html/html.worker.js?worker';
import CssWorker from 'monaco-editor/language/css/css.worker.js?worker';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => {
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker();
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker();
    return new EditorWorker();
  },
};
loader.config({ monaco });

// Line numbers with 4.5:1 contrast (WCAG AA) on the editor background, light and dark.
monaco.editor.defineTheme('lectio-light', {
  base: 'vs',
  inherit: true,
  // vs's HTML/CSS colours are below 4.5:1 on white (grey delimiters and doctype 3.9:1, red attribute
  // names 4.0:1): darker, the same hues (5.1:1 and 5.9:1).
  rules: [
    { token: 'delimiter.html', foreground: '6E6E6E' },
    { token: 'delimiter.xml', foreground: '6E6E6E' },
    { token: 'metatag.html', foreground: '6E6E6E' },
    { token: 'metatag', foreground: 'C80000' },
    { token: 'metatag.content.html', foreground: 'C80000' },
    { token: 'attribute.name', foreground: 'C80000' },
    { token: 'attribute.name.html', foreground: 'C80000' },
  ],
  colors: { 'editorLineNumber.foreground': '#56707a', 'editorLineNumber.activeForeground': '#1d3b45', 'editorLineNumber.dimmedForeground': '#56707a' },
});
monaco.editor.defineTheme('lectio-dark', {
  base: 'vs-dark',
  inherit: true,
  // vs-dark's comment green (#6A9955) is 4.2:1 on its current-line colour and its grey delimiters 3.5:1
  // (WCAG 1.4.3 wants 4.5:1): both lighter, the same hues (6.2:1 and 5.6:1 there).
  rules: [
    { token: 'comment', foreground: '8FB87A' },
    { token: 'delimiter.html', foreground: 'A6A6A6' },
    { token: 'delimiter.xml', foreground: 'A6A6A6' },
  ],
  colors: { 'editorLineNumber.foreground': '#a8a8a8', 'editorLineNumber.activeForeground': '#e0e0e0', 'editorLineNumber.dimmedForeground': '#a8a8a8' },
});

/** The Monaco language of a file name, else of the course's editor template (spec/2 §2.4 templates). */
export function languageOf(fileName: string, template = ''): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const byExt: Record<string, string> = {
    py: 'python', java: 'java', c: 'c', h: 'c', cpp: 'cpp', cc: 'cpp', hpp: 'cpp', js: 'javascript', mjs: 'javascript', ts: 'typescript',
    sql: 'sql', sh: 'shell', html: 'html', css: 'css', php: 'php', cs: 'csharp', scala: 'scala', m: 'objective-c', json: 'json', xml: 'xml', md: 'markdown',
  };
  if (byExt[ext]) return byExt[ext]!;
  const byTemplate: Record<string, string> = {
    'text/x-python': 'python', 'text/x-java': 'java', 'text/x-sql': 'sql', 'text/x-php': 'php', 'text/x-c++src': 'cpp', 'text/x-csharp': 'csharp',
    'text/x-objectivec': 'objective-c', 'text/x-scala': 'scala', 'text/x-sh': 'shell', 'text/javascript': 'javascript', 'text/html': 'html', 'text/css': 'css',
  };
  return byTemplate[template] ?? 'plaintext';
}

export { monaco };
