import { describe, expect, it } from 'vitest';
import {
  backgrounds,
  bounceColors,
  contrastRatio,
  dashPatterns,
  markerShapes,
  seriesColors,
  seriesStyle,
  type Scheme,
} from './palette';

const schemes: Scheme[] = ['light', 'dark'];

describe('palette', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it.each(schemes)(
    'keeps every series colour at 3:1 or more against the %s background',
    (scheme) => {
      for (const color of [...seriesColors[scheme], ...Object.values(bounceColors[scheme])])
        expect(contrastRatio(color, backgrounds[scheme]), color).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(schemes)(
    'never repeats colour, dash and marker together within six series (%s)',
    (scheme) => {
      const styles = Array.from({ length: 6 }, (_, i) => seriesStyle(i, scheme));
      expect(new Set(styles.map((s) => s.dash)).size).toBe(6);
      expect(new Set(styles.map((s) => s.marker)).size).toBe(6);
      expect(new Set(styles.slice(0, seriesColors[scheme].length).map((s) => s.color)).size).toBe(
        seriesColors[scheme].length,
      );
      expect(dashPatterns.length).toBe(markerShapes.length);
    },
  );
});
