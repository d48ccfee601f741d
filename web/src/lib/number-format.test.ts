import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format';

describe('numberFormat', () => {
  it('formats as Intl does, per language and style', () => {
    expect(numberFormat('en').format(1200)).toBe('1,200');
    expect(numberFormat('en', { style: 'percent' }).format(0.5)).toBe('50%');
    expect(numberFormat('sk').format(1200)).toBe(new Intl.NumberFormat('sk').format(1200));
  });

  it('keeps one formatter per language and options', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { style: 'percent' })).toBe(numberFormat('en', { style: 'percent' }));
    expect(numberFormat('en')).not.toBe(numberFormat('sk'));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { style: 'percent' }));
  });
});
