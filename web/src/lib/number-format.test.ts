import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format';

describe('numberFormat', () => {
  it('formats as Intl does, per language and style', () => {
    expect(numberFormat('en').format(1200)).toBe('1,200');
    expect(numberFormat('en', { style: 'percent' }).format(0.5)).toBe('50%');
    expect(numberFormat('sk').format(1200)).toBe(new Intl.NumberFormat('sk').format(1200));
    for (const language of ['cs', 'en', 'es', 'hu', 'nl', 'pl', 'ru', 'sk']) {
      for (const value of [0, 7, 42, 999, 1000, 12345, -3, 2.5])
        expect(numberFormat(language).format(value)).toBe(new Intl.NumberFormat(language).format(value));
    }
  });

  it('keeps one formatter per language and options', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { style: 'percent' })).toBe(numberFormat('en', { style: 'percent' }));
    expect(numberFormat('en')).not.toBe(numberFormat('sk'));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { style: 'percent' }));
  });

  it('loads no ICU number data for whole numbers below 1000, and makes one Intl formatter when a number needs it', () => {
    const original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      const format = numberFormat('de'); // a language no other test here formats with
      expect(format.format(0)).toBe('0');
      expect(format.format(999)).toBe('999');
      expect(made).toBe(0);
      expect(format.format(1000)).toBe('1.000');
      expect(format.format(25000)).toBe('25.000');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = original;
    }
  });
});
