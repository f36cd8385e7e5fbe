import { describe, expect, it } from 'vitest';
import { sandboxCsp, sandboxedDocument } from './sandboxed-html';

describe('sandboxedDocument', () => {
  it('puts the CSP and a new-tab base first, after the doctype, and drops meta refreshes', () => {
    const doc = sandboxedDocument(
      '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=https://x"></head><body><a href="https://x.test/">x</a></body></html>',
      ['data:', 'https://mail.test/media/'],
    );
    expect(doc).toBe(
      `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https://mail.test/media/; style-src 'unsafe-inline'"><base target="_blank"><html><head></head><body><a href="https://x.test/">x</a></body></html>`,
    );
  });

  it('escapes the policy for its attribute and prepends it to a fragment', () => {
    expect(sandboxCsp([])).toBe("default-src 'none'; img-src; style-src 'unsafe-inline'");
    expect(sandboxedDocument('<p>hi</p>', ['https://a.test/?x="y"&z'])).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="[^"]*img-src https:\/\/a\.test\/\?x=&quot;y&quot;&amp;z;[^"]*"><base target="_blank"><p>hi<\/p>$/,
    );
  });
});
