import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, parseColor } from './contrast';

describe('contrast', () => {
  // Reference ratios (WebAIM's contrast checker gives the same to two decimals).
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#1c64d1', '#ffffff', 5.54],
    ['#1F2933', '#FFFFFF', 14.76],
    ['#abc', '#aabbcc', 1],
    ['rgb(255, 0, 0)', '#ffffff', 4],
    ['rgba(0, 0, 255, 0.5)', '#000', 2.44],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it('computes WCAG ratios for hex and rgb() colours', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('rgb(134, 142, 150)', '#fff')).toBeCloseTo(3.32, 2);
    expect(() => parseColor('teal')).toThrow('Not a colour');
  });

  it('keeps a colour that already reads, and moves one that does not only as far as needed', () => {
    expect(ensureContrast('#495057', ['#ffffff'], 4.5)).toBe('#495057');
    const darker = ensureContrast('#868e96', ['#ffffff', '#f1f3f5'], 4.5);
    expect(contrastRatio(darker, '#f1f3f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darker, '#f1f3f5')).toBeLessThan(4.8);
  });

  it('lightens on dark backgrounds', () => {
    const lighter = ensureContrast('#696969', ['#242424', '#2e2e2e'], 4.5);
    expect(contrastRatio(lighter, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
    expect(parseColor(lighter)[0]).toBeGreaterThan(0x69);
  });
});
