import { describe, expect, it } from 'vitest';
import { decodeLayoutHtml } from '../../../../contract/layout-html';
import { classifyReferences, findReferences, rewriteImageReferences } from './layout-html';

const html = [
  '<img src="images/a.png">',
  "<img src='./images/sub/b.gif'>",
  '<td background=images/a.png>',
  '<div style="background-image: url(./images/sub/b.gif)"></div>',
  '<style>.x { background: url( "images/c%20d.jpg" ) }</style>',
  '<img src="images/missing.png"><img data-src="images/data.png">',
  '<img src="logo.png"><img src="https://cdn.example/x.png"><img src="data:image/png;base64,AA">',
  '<link href="style.css"><img src="//cdn.example/y.png"><a href="#top"></a>',
  '<style>@font-face { src: url(fonts/f.woff2) }</style>',
].join('\n');

describe('layout references', () => {
  it('finds src, background and url() references as the server does, ignoring data-src', () => {
    expect(findReferences(html)).toEqual(
      expect.arrayContaining([
        'images/a.png',
        './images/sub/b.gif',
        'images/c%20d.jpg',
        'logo.png',
      ]),
    );
    expect(findReferences(html)).not.toContain('images/data.png');
  });

  it('sorts references into imported images, images outside images/ and other local files', () => {
    const report = classifyReferences(html);
    expect([...report.images].sort()).toEqual([
      'images/a.png',
      'images/c d.jpg',
      'images/missing.png',
      'images/sub/b.gif',
    ]);
    expect(report.outsideImages).toEqual(['logo.png']);
    expect(report.otherLocal).toEqual(['fonts/f.woff2']);
  });

  it('rewrites only the references it is given a URL for, keeping the quoting', () => {
    const urls = new Map([
      ['images/a.png', 'blob:A'],
      ['images/sub/b.gif', 'blob:B'],
    ]);
    const out = rewriteImageReferences(html, (p) => urls.get(p));
    expect(out).toContain('<img src="blob:A">');
    expect(out).toContain("<img src='blob:B'>");
    expect(out).toContain('<td background=blob:A>');
    expect(out).toContain('url(blob:B)');
    expect(out).toContain('<img src="images/missing.png">');
    expect(out).toContain('<img data-src="images/data.png">');
  });

  it('decodes index.html by BOM, declared charset, else UTF-8', () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('<meta charset="iso-8859-1">'),
      0xe9,
    ]);
    expect(decodeLayoutHtml(latin1)).toContain('é');
    expect(decodeLayoutHtml(new Uint8Array([0xef, 0xbb, 0xbf, 0xc3, 0xa9]))).toBe('é');
    expect(decodeLayoutHtml(new TextEncoder().encode('<p>Grüße</p>'))).toBe('<p>Grüße</p>');
  });
});
