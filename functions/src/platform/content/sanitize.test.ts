import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps formatting, code and links', () => {
    const html = '<h2>Title</h2><p>Use <code>print</code> and <strong>bold</strong>, see <a href="https://python.org">python.org</a>.</p><pre><code>x = 1</code></pre>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p>Use <code>print</code> and <strong>bold</strong>, see <a href="https://python.org" rel="noopener noreferrer">python.org</a>.</p><pre><code>x = 1</code></pre>',
    );
  });

  it('removes scripts, event handlers and javascript: URLs', () => {
    const dirty = '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(clean).toContain('<p>Hi</p>');
  });
});
