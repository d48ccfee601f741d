import { describe, expect, it } from 'vitest';
import { imageFileValid, isImageOfKind, parsesAsSvg } from './image-upload';

describe('icon upload types', () => {
  it('accepts only SVG for the svg icon and PNG for the png icon', () => {
    expect(isImageOfKind({ type: 'image/svg+xml', name: 'a.svg' }, 'svg')).toBe(true);
    expect(isImageOfKind({ type: 'image/png', name: 'a.png' }, 'svg')).toBe(false);
    expect(isImageOfKind({ type: 'image/png', name: 'a.png' }, 'png')).toBe(true);
    expect(isImageOfKind({ type: 'text/plain', name: 'a.txt' }, 'png')).toBe(false);
    // Some systems send no type: the extension decides.
    expect(isImageOfKind({ type: '', name: 'LOGO.SVG' }, 'svg')).toBe(true);
    expect(isImageOfKind({ type: '', name: 'logo.jpg' }, 'png')).toBe(false);
  });
});

describe('icon upload content', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
  const asDataUrl = (text: string, mime: string) => `data:${mime};base64,${btoa(text)}`;

  it('accepts a real SVG and refuses a text file named .svg (broken preview before)', async () => {
    expect(parsesAsSvg(svg)).toBe(true);
    expect(await imageFileValid(new Blob([svg]), asDataUrl(svg, 'image/svg+xml'), 'svg')).toBe(true);
    const notes = 'shopping list: milk, eggs';
    expect(await imageFileValid(new Blob([notes]), asDataUrl(notes, 'image/svg+xml'), 'svg')).toBe(false);
    expect(parsesAsSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBe(false);
  });

  it('wants the PNG signature for a PNG', async () => {
    const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
    expect(await imageFileValid(new Blob([]), asDataUrl(png, 'image/png'), 'png')).toBe(true);
    expect(await imageFileValid(new Blob([]), asDataUrl('GIF89a', 'image/png'), 'png')).toBe(false);
  });
});
