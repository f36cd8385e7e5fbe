import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildLayoutZip } from './zip-build';
import { inspectLayoutZip } from './zip-inspect';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 2]);
const text = (s: string) => new TextEncoder().encode(s);

async function zipOf(
  files: Record<string, Uint8Array | string>,
  options: { level?: number; permissions?: Record<string, number> } = {},
) {
  const zip = new JSZip();
  for (const [path, data] of Object.entries(files)) {
    const unixPermissions = options.permissions?.[path];
    zip.file(path, typeof data === 'string' ? text(data) : data, {
      binary: true,
      createFolders: false,
      ...(unixPermissions === undefined ? {} : { unixPermissions }),
    });
  }
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: options.level ?? 6 },
    platform: options.permissions ? 'UNIX' : 'DOS',
  });
}
const inspect = async (...args: Parameters<typeof zipOf>) =>
  inspectLayoutZip(JSZip, await zipOf(...args));

describe('inspectLayoutZip', () => {
  it('reports used, missing and unused images, ignored files and sizes', async () => {
    const { inspection, html, images } = await inspect({
      'index.html':
        '<img src="images/a.png"><div style="background:url(./images/sub/b.gif)"></div><img src="images/gone.png">',
      'images/a.png': PNG,
      'images/sub/b.gif': GIF,
      'images/unused.png': PNG,
      'images/notes.txt': 'notes',
      'styles.css': 'p{}',
      '__MACOSX/._index.html': 'junk',
    });
    expect(html).toContain('images/a.png');
    expect(inspection.hasIndex).toBe(true);
    expect(inspection.images).toEqual([
      { path: 'images/a.png', bytes: PNG.length, used: true },
      { path: 'images/sub/b.gif', bytes: GIF.length, used: true },
      { path: 'images/unused.png', bytes: PNG.length, used: false },
    ]);
    expect(images.map((i) => [i.path, i.contentType])).toEqual([
      ['images/a.png', 'image/png'],
      ['images/sub/b.gif', 'image/gif'],
    ]);
    expect(inspection.missing).toEqual(['images/gone.png']);
    expect(inspection.ignored.map((i) => i.path).sort()).toEqual([
      '__MACOSX/._index.html',
      'images/notes.txt',
      'styles.css',
    ]);
    expect(inspection.problems).toEqual([
      'index.html shows "images/gone.png", which is not in the archive. Add the image under images/ or correct the reference.',
    ]);
    expect(inspection.warnings).toEqual([
      '1 image is not referenced by index.html and will not be imported.',
    ]);
    expect(inspection.dataUriLength).toBeGreaterThan((inspection.archiveBytes * 4) / 3);
    expect(inspection.uncompressedBytes).toBeGreaterThan(0);
  });

  it('blocks an archive without index.html at its root and says how to fix a nested one', async () => {
    const nested = await inspect({ 'news/index.html': '<p>Hi</p>', 'news/images/a.png': PNG });
    expect(nested.inspection.hasIndex).toBe(false);
    expect(nested.inspection.problems).toEqual([
      'The archive has no index.html at its root (found "news/index.html"). Zip the contents of the folder, not the folder itself.',
    ]);
    const none = await inspect({ 'layout.htm': '<p>Hi</p>' });
    expect(none.inspection.problems[0]).toMatch(/no index.html at its root\. Add/);
  });

  it('refuses what the server refuses: .., backslashes, absolute paths and links', async () => {
    const { inspection } = await inspect(
      {
        'index.html': '<p>Hi</p>',
        '../evil.txt': 'x',
        'images\\a.png': PNG,
        '/etc/passwd': 'x',
        'images/link.png': 'index.html',
      },
      { permissions: { 'images/link.png': 0o120777, 'index.html': 0o100644 } },
    );
    expect(inspection.problems).toEqual(
      expect.arrayContaining([
        `"../evil.txt" contains "..", which would leave the archive's folder.`,
        '"images\\a.png" contains a backslash; use "/" between folders.',
        '"/etc/passwd" is an absolute path; paths must be relative.',
        '"images/link.png" is a symbolic link; links are not allowed.',
      ]),
    );
  });

  it('stops a zip bomb while inflating: ratio over 100:1 past 1 MB', async () => {
    const { inspection } = await inspect(
      { 'index.html': '<p>Hi</p>', 'images/zeros.png': new Uint8Array(4 * 1024 * 1024) },
      { level: 9 },
    );
    expect(inspection.problems).toEqual([
      '"images/zeros.png" is compressed more than 100:1, which is not plausible for a layout (zip bomb?). Zip the layout again with an ordinary tool.',
    ]);
  });

  it('refuses more than 500 entries and more than 50 MB inflated', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 501 }, (_, i) => [`images/${i}.txt`, 'x'] as const),
    );
    expect((await inspect({ 'index.html': 'x', ...many })).inspection.problems).toEqual([
      'The archive has 502 entries; the service accepts at most 500. Remove files the layout does not need.',
    ]);

    const noise = new Uint8Array(1024 * 1024).map((_, i) => (i * 7919) % 251);
    const big = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [`images/${i}.bin`, noise] as const),
    );
    expect((await inspect({ 'index.html': 'x', ...big })).inspection.problems).toEqual([
      'The archive inflates to more than 50 MB; the service accepts at most 50 MB. Remove unused files or make the images smaller.',
    ]);
  });

  it('flags images outside images/, images that are not what their name says, and non-zips', async () => {
    const { inspection } = await inspect({
      'index.html':
        '<img src="logo.png"><img src="images/fake.jpg"><link href="x"><img src="fonts/a.woff">',
      'logo.png': PNG,
      'images/fake.jpg': PNG,
    });
    expect(inspection.problems).toEqual([
      '"images/fake.jpg" is not a JPG image, although its name says so. Save it again in that format.',
      'index.html shows the image "logo.png", which is outside images/; the service imports images from images/ only. Move it into images/ and reference it as "images/logo.png".',
    ]);
    expect(inspection.warnings[0]).toMatch(/"fonts\/a.woff", which the service does not import/);

    const notZip = await inspectLayoutZip(JSZip, text('<html>not a zip</html>'));
    expect(notZip.inspection.problems).toEqual(['The file is not a valid zip archive.']);
  });

  it('reads back what buildLayoutZip writes', async () => {
    const archive = await buildLayoutZip(JSZip, [
      { archivePath: 'index.html', data: text('<img src="images/a.png">') },
      { archivePath: 'images/a.png', data: PNG },
    ]);
    const { inspection, images } = await inspectLayoutZip(JSZip, archive);
    expect(inspection.problems).toEqual([]);
    expect(images[0]!.data).toEqual(PNG);
  });
});
