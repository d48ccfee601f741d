import { describe, expect, it } from 'vitest';
import { renderEquation, renderMarkdown } from './render';

/** The elements a rendered HTML would create, to look for scripts and handlers in. */
function dom(html: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}
const dangerous = (html: string) => {
  const box = dom(html);
  return box.querySelectorAll('script, [onerror], [onload], [onclick], a[href^="javascript"]').length;
};

describe('notebook markdown and equations', () => {
  it('renders markdown with inline and display math', () => {
    const html = renderMarkdown('# Title\n\nSome *text* and $x^2$.\n\n$$\\frac{a}{b}$$');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>text</em>');
    expect(html).toContain('katex');
    expect(html).toContain('katex-display');
  });

  it('drops scripts and event handlers, whether written as HTML or smuggled through a link or an image', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[a](javascript:alert(3)) ![i](x" onerror="alert(4))');
    expect(html).not.toMatch(/<script/i);
    expect(dangerous(html)).toBe(0);
    expect(dom(html).querySelectorAll('img').length).toBeLessThanOrEqual(1);
    const eq = renderEquation('\\href{javascript:alert(1)}{x} <img src=x onerror=alert(1)>');
    expect(dangerous(eq)).toBe(0);
    expect(dom(eq).querySelector('img')).toBeNull();
  });
});
