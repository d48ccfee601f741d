import { describe, expect, it } from 'vitest';
import { cleanSvgIcon, decodeSvgDataUrl, isSvgDataUrl, sanitizeSvg, sanitizeSvgDataUrl, sanitizeSvgDataUrls } from './svg';

const hostile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></body></foreignObject>
  <image href="https://evil.example/track.png"/>
  <a href="javascript:alert(3)"><rect width="5" height="5" fill="url(https://evil.example/p#x)"/></a>
  <use href="https://evil.example/s.svg#a"/>
  <linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>
  <circle cx="5" cy="5" r="4" fill="url(#g)" onclick="alert(4)"/>
</svg>`;

describe('SVG sanitising', () => {
  it('drops scripts, handlers, foreignObject, styles and external references; keeps the drawing', () => {
    const clean = sanitizeSvg(hostile);
    for (const bad of ['script', 'onload', 'onclick', 'foreignObject', 'iframe', 'style', 'evil.example', 'javascript:', '<image']) {
      expect(clean).not.toContain(bad);
    }
    expect(clean).toContain('<circle');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('viewBox="0 0 10 10"');
  });

  it('rewrites data URLs deep inside a body', () => {
    const url = `data:image/svg+xml;base64,${Buffer.from(hostile).toString('base64')}`;
    const body = sanitizeSvgDataUrls({ icon: url, list: [{ icon: `data:image/svg+xml,${encodeURIComponent(hostile)}` }], other: 'text' });
    for (const out of [body.icon, body.list[0]!.icon]) {
      const svg = decodeSvgDataUrl(out)!;
      expect(svg).toContain('<circle');
      expect(svg).not.toContain('script');
    }
    expect(body.other).toBe('text');
    expect(sanitizeSvgDataUrl('data:image/svg+xml;base64,' + Buffer.from('<p>no svg</p>').toString('base64'))).toBe('');
    // A clean image keeps its exact bytes.
    for (const clean of ['data:image/svg+xml;base64,PHN2Zy8+', `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#8E00FF"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>').toString('base64')}`]) {
      expect(sanitizeSvgDataUrl(clean)).toBe(clean);
    }
  });

  it('reads an SVG data URL as a browser does: any case, leading space, base64 or text in any parameter order', () => {
    const b64 = Buffer.from(hostile).toString('base64');
    const variants = [
      `DATA:image/svg+xml;base64,${b64}`,
      `Data:Image/SVG+XML;BASE64,${b64}`,
      ` data:image/svg+xml;charset=utf-8;base64,${b64}`,
      `data:image/svg+xml;base64;charset=utf-8,${b64}`,
      `data:image/svg+xml;utf8,${hostile}`,
      `DATA:image/svg+xml;charset=UTF-8,${encodeURIComponent(hostile)}`,
    ];
    for (const url of variants) {
      expect(isSvgDataUrl(url), url.slice(0, 40)).toBe(true);
      const out = sanitizeSvgDataUrls({ icon: url }).icon;
      const svg = decodeSvgDataUrl(out)!;
      expect(svg, url.slice(0, 40)).toContain('<circle');
      for (const bad of ['script', 'onload', 'onclick', 'evil.example']) expect(svg).not.toContain(bad);
    }
    expect(isSvgDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(false);
  });

  it('a stored icon is a clean SVG data URL or nothing', () => {
    expect(cleanSvgIcon('')).toBe('');
    expect(cleanSvgIcon('javascript:alert(1)')).toBe('');
    expect(cleanSvgIcon('https://evil.example/icon.svg')).toBe('');
    expect(cleanSvgIcon('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(decodeSvgDataUrl(cleanSvgIcon(`DATA:image/svg+xml,${encodeURIComponent(hostile)}`))).not.toContain('script');
  });
});
