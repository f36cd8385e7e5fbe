import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';
import { parseTemplate } from './personalization.js';

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ["it's", 'it&#39;s'],
    ['&amp; stays visible', '&amp;amp; stays visible'],
    ['https://x.test/?a=1&b=<2>', 'https://x.test/?a=1&amp;b=&lt;2&gt;'],
    ['Grüße → ✓', 'Grüße → ✓'],
  ])('%j → %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('keeps personalisation tags readable after escaping', () => {
    const { parts, problems } = parseTemplate(escapeHtml(`Hi {{ first_name | default: 'you' }}`));
    expect(problems).toEqual([]);
    expect(parts).toEqual(['Hi ', { name: 'first_name', fallback: 'you' }]);
  });
});
