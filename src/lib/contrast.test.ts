import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, parseColor } from './contrast';

describe('contrast', () => {
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
