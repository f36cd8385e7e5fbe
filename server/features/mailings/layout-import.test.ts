import { describe, expect, it } from 'vitest';
import { SYMLINK, buildZip, fixtureLayoutFiles, zipDataUri } from '../../test/zip-fixtures.js';
import { importZipLayout } from './layout-import.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);
const MB = 1024 * 1024;

const importZip = (entries: Parameters<typeof buildZip>[0]) =>
  importZipLayout(zipDataUri(buildZip(entries)));

async function rejection(entries: Parameters<typeof buildZip>[0]): Promise<string> {
  const error = await importZip(entries).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error, 'the archive should be refused').toBeInstanceOf(Error);
  return error!.message;
}

describe('importZipLayout', () => {
  it('imports only referenced images under images/ and rewrites every reference form', async () => {
    const html = [
      '<img src="images/a.png">',
      "<img src='./images/sub/b.gif'>",
      '<td background=images/a.png>',
      '<div style="background-image: url(./images/sub/b.gif)"></div>',
      '<style>.x { background: url( "images/a.png" ) }</style>',
      '<img src="images/missing.png"><img src="other/c.png"><img data-src="images/a.png">',
    ].join('\n');
    const layout = await importZip({
      'index.html': html,
      'images/a.png': PNG,
      'images/sub/b.gif': GIF,
      'images/unused.png': PNG,
      'other/c.png': PNG,
      'images/notes.txt': 'not an image',
    });
    expect(layout.images.map((i) => [i.path, i.contentType])).toEqual([
      ['images/a.png', 'image/png'],
      ['images/sub/b.gif', 'image/gif'],
    ]);
    expect(Buffer.from(layout.images[0]!.data)).toEqual(Buffer.from(PNG));
    expect(layout.source(7)).toBe(
      [
        '<img src="/media/layouts/7/images/a.png">',
        "<img src='/media/layouts/7/images/sub/b.gif'>",
        '<td background=/media/layouts/7/images/a.png>',
        '<div style="background-image: url(/media/layouts/7/images/sub/b.gif)"></div>',
        '<style>.x { background: url( "/media/layouts/7/images/a.png" ) }</style>',
        '<img src="images/missing.png"><img src="other/c.png"><img data-src="images/a.png">',
      ].join('\n'),
    );
  });

  it('reads the real fixture layouts, ignoring unused images and .DS_Store', async () => {
    const layout = await importZip(fixtureLayoutFiles('colorlib-12'));
    expect(layout.images.map((i) => i.path).sort()).toEqual([
      'images/prod-1.jpg',
      'images/prod-2.jpg',
    ]);
    expect(layout.images.every((i) => i.contentType === 'image/jpeg')).toBe(true);
    const source = layout.source(3);
    expect(source).toContain('src="/media/layouts/3/images/prod-1.jpg"');
    expect(source).not.toMatch(/["'(]\.?\/?images\//);
  });

  it('decodes index.html by its meta charset and declares utf-8 afterwards', async () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>Grüße</p>', 'latin1');
    const layout = await importZip({ 'index.html': latin1 });
    expect(layout.source(1)).toBe('<meta charset="utf-8"><p>Grüße</p>');
  });

  it.each([
    ['../x', /"\.\.\/x" contains "\.\."/],
    ['/abs', /"\/abs" is an absolute path/],
    ['a\\b', /"a\\b" contains a backslash/],
  ])('refuses the path %s', async (name, message) => {
    expect(await rejection({ 'index.html': '<p>x</p>', [name]: 'x' })).toMatch(message);
  });

  it('refuses an index.html holding NUL characters, which no layout can store', async () => {
    expect(await rejection({ 'index.html': '<p>a\u0000b</p>' })).toBe(
      'index.html contains NUL characters, which a layout cannot hold.',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<p>\u0000</p>', 'utf16le'),
    ]);
    expect(await rejection({ 'index.html': utf16 })).toMatch(/NUL characters/);
  });

  it('refuses symbolic links, even unreferenced ones', async () => {
    expect(
      await rejection({ 'index.html': '<p>x</p>', 'images/a.png': ['/etc/passwd', SYMLINK] }),
    ).toMatch(/"images\/a\.png" is a symbolic link/);
  });

  it('requires index.html at the root and says when it sits in a folder', async () => {
    expect(await rejection({ 'images/a.png': PNG })).toMatch(
      /no index\.html at its root\. Add the layout/,
    );
    expect(await rejection({ 'newsletter/index.html': '<p>x</p>' })).toMatch(
      /found "newsletter\/index\.html"/,
    );
  });

  it('refuses more than 500 entries', async () => {
    const entries: Record<string, string> = { 'index.html': 'x' };
    for (let i = 0; i < 500; i++) entries[`f${i}.txt`] = 'x';
    expect(await rejection(entries)).toMatch(/501 entries; the service accepts at most 500\./);
  });

  it('refuses a 60 MB entry of zeros and a 2 MB entry at 1000:1', async () => {
    expect(await rejection({ 'index.html': 'x', 'big.bin': new Uint8Array(60 * MB) })).toMatch(
      /inflates to more than 50 MB/,
    );
    expect(await rejection({ 'index.html': 'x', 'images/a.png': new Uint8Array(2 * MB) })).toMatch(
      /compressed more than 100:1/,
    );
  });

  it('refuses more than 50 MB in total, counted across small entries', async () => {
    const entries: Record<string, Uint8Array | string> = { 'index.html': 'x' };
    for (let i = 0; i < 60; i++) entries[`part${i}.bin`] = new Uint8Array(MB - 1);
    expect(await rejection(entries)).toMatch(/inflates to more than 50 MB/);
  });

  it('does not trust the sizes the central directory declares', async () => {
    const zip = buildZip({ 'index.html': 'x', 'big.bin': new Uint8Array(60 * MB) });
    lieAboutSize(zip, 'big.bin', 1000);
    const error = await importZipLayout(zipDataUri(zip)).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/"big\.bin" is compressed more than 100:1/);
  });

  it('refuses data that is not a zip archive, and bad data URIs', async () => {
    const notZip = await importZipLayout(
      `data:application/zip;base64,${Buffer.from('hello').toString('base64')}`,
    ).catch((e: Error) => e.message);
    expect(notZip).toBe('The file is not a valid zip archive.');
    const plain = await importZipLayout('data:text/plain;base64,aGVsbG8=').catch(
      (e: Error) => e.message,
    );
    expect(plain).toMatch(/media type "text\/plain"/);
  });

  it('refuses an image whose bytes are not what its extension says', async () => {
    expect(
      await rejection({ 'index.html': '<img src="images/a.png">', 'images/a.png': '<script>' }),
    ).toMatch(/"images\/a\.png" is not a PNG image/);
  });
});

/** Sets the central-directory "uncompressed size" of one entry to `size` (a lying archive). */
function lieAboutSize(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (Buffer.from(zip.subarray(i + 46, i + 46 + nameLength)).toString() === name) {
      view.setUint32(i + 24, size, true);
    }
  }
}
