import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageLanguage, publicPage, publicPageCsp } from './public-page.js';

describe('public page shell', () => {
  it('prints the language, an escaped title and a stylesheet its CSP names by hash', () => {
    const html = publicPage({ language: 'de', title: 'A <b>', body: '<p>x</p>' });
    expect(html).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(html).toContain('<title>A &lt;b&gt;</title>');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = publicPageCsp(['https://example.com']);
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://example.com");
    expect(csp).not.toMatch(/unsafe/);
  });

  it('chooses the first known candidate, then Accept-Language among en/de/fr, then English', () => {
    expect(pageLanguage(['it', 'fr-CH', 'de'])).toBe('fr');
    expect(pageLanguage([null, undefined], 'it, fr;q=0.5')).toBe('fr');
    expect(pageLanguage([], 'ja')).toBe('en');
  });
});
