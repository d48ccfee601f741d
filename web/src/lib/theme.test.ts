import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { createLectioTheme, readableColour } from './theme';

describe('readableColour', () => {
  it('lightens a dark course colour on the dark paper until it reaches 4.5:1', () => {
    const paper = createLectioTheme('dark', false).palette.background.paper;
    expect(getContrastRatio('#306998', paper)).toBeLessThan(3);
    const readable = readableColour('#306998', paper);
    expect(getContrastRatio(readable, paper)).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a light course colour on white and keeps a colour that already passes', () => {
    expect(getContrastRatio(readableColour('#f2d024', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableColour('#1f5fae', '#ffffff')).toBe('#1f5fae');
  });
});

describe('theme colours used as text', () => {
  it.each(['light', 'dark', 'colourblind'] as const)('%s: error and secondary text pass 4.5:1 on the page and the paper', (value) => {
    const { palette } = createLectioTheme(value, false);
    for (const background of [palette.background.default, palette.background.paper]) {
      expect(getContrastRatio(palette.error.main, background)).toBeGreaterThanOrEqual(4.5);
      if (value !== 'colourblind') expect(getContrastRatio(palette.secondary.main, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
