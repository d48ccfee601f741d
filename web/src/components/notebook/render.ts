/**
 * Markdown and equations of notebook cells (issue 25 item 1): markdown-it (raw HTML off) with `$…$` and
 * `$$…$$` typeset by KaTeX, both bundled; the result is sanitised with DOMPurify as every server-provided
 * HTML is (safe-html.tsx), so a `<script>` or an `onerror` in a cell never survives.
 */
import MarkdownIt from 'markdown-it';
import katex from 'katex';
import DOMPurify from 'dompurify';

/** DOMPurify's HTML and MathML profiles: KaTeX's MathML is what screen readers read. */
const sanitizeHtml = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true, mathMl: true } });

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** An equation as KaTeX HTML (MathML for screen readers included); a bad formula shows its error in red. */
export function renderEquation(tex: string, displayMode = true): string {
  return sanitizeHtml(katex.renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml', trust: false }));
}

const MATH = /\$\$([\s\S]+?)\$\$|\$([^$\n]+?)\$/g;

/** A markdown cell as safe HTML: math first (kept out of markdown's way by placeholders), then markdown. */
export function renderMarkdown(text: string): string {
  const maths: string[] = [];
  const withHoles = text.replace(MATH, (_, block: string | undefined, inline: string | undefined) => {
    maths.push(katex.renderToString((block ?? inline ?? '').trim(), { displayMode: block !== undefined, throwOnError: false, output: 'htmlAndMathml', trust: false }));
    return `\uE000${maths.length - 1}\uE001`;
  });
  const html = md.render(withHoles).replace(/\uE000(\d+)\uE001/g, (_, i: string) => maths[Number(i)] ?? '');
  return sanitizeHtml(html);
}
