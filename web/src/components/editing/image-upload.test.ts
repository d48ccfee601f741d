import { describe, expect, it } from 'vitest';
import { isImageOfKind } from './image-upload';

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
