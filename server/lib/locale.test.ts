import { describe, expect, it } from 'vitest';
import { fold, negotiateLocale, searchTerms } from './locale.js';

describe('negotiateLocale', () => {
  it('picks the supported range with the highest q-value', () => {
    expect(negotiateLocale('de-CH, fr;q=0.9')).toBe('de');
    expect(negotiateLocale('fr;q=0.5, it;q=0.8')).toBe('it');
    expect(negotiateLocale('xx, tlh;q=0.9, de;q=0.1')).toBe('de');
    expect(negotiateLocale('IT-it')).toBe('it');
    expect(negotiateLocale('no')).toBe('nb');
  });

  it('keeps header order for equal weights and skips q=0', () => {
    expect(negotiateLocale('fr, de')).toBe('fr');
    expect(negotiateLocale('fr;q=0, de;q=0.3')).toBe('de');
  });

  it('falls back to English for missing, wildcard, unsupported or garbage headers', () => {
    for (const header of [undefined, '', '*', 'tlh', ';;;', 'de;q=abc', 'de;q=2', '!!!']) {
      expect(negotiateLocale(header)).toBe('en');
    }
    expect(negotiateLocale(`${'x,'.repeat(10_000)}de`)).toBe('en');
  });
});

describe('fold and searchTerms', () => {
  it('ignore case and accents', () => {
    expect(fold('Österreich')).toBe('osterreich');
    expect(fold('ZÜRICH')).toBe('zurich');
    expect(fold('Łódzkie')).toBe('lodzkie');
    expect(fold('Straße')).toBe('strasse');
  });

  it('split like DRF SearchFilter', () => {
    expect(searchTerms('  Bayern, DEUTSCHLAND ')).toEqual(['bayern', 'deutschland']);
    expect(searchTerms(undefined)).toEqual([]);
  });
});
