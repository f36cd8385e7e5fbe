import { describe, expect, it } from 'vitest';
import { buildPreviewDocument, looksLikeHtml, previewCsp } from './preview-document';

describe('buildPreviewDocument', () => {
  it('puts the CSP first (after the doctype) and points archive images at blob URLs', () => {
    const doc = buildPreviewDocument(
      '<!doctype html><html><head><meta http-equiv="refresh" content="0;url=https://x"></head><body><img src="images/a.png"><script>alert(1)</script></body></html>',
      { imageUrls: new Map([['images/a.png', 'blob:http://localhost/1']]) },
    );
    expect(
      doc.startsWith(
        `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'">`,
      ),
    ).toBe(true);
    expect(doc).toContain('<img src="blob:http://localhost/1">');
    expect(doc).not.toContain('http-equiv="refresh"');
  });

  it('allows the service media path for stored layouts', () => {
    expect(previewCsp(['http://localhost:8080/media/layouts/'])).toBe(
      "default-src 'none'; img-src data: blob: http://localhost:8080/media/layouts/; style-src 'unsafe-inline'",
    );
  });

  it('tells HTML sources from text ones', () => {
    expect(looksLikeHtml('<!DOCTYPE html><p>x')).toBe(true);
    expect(looksLikeHtml('Dear reader, 3 < 4 and that is all.')).toBe(false);
  });
});
