import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { SYMLINK, buildZip, zipDataUri, type ZipEntrySpec } from '../../test/zip-fixtures.js';
import { importZipLayout } from './layout-import.js';

/**
 * The same archives through both ends: the composer's inspector (which predicts the server's
 * answer before the upload) and the server's import must refuse the same archives with the
 * same message, and accept the same ones.
 */

// The inspector is SPA code, outside the server's TypeScript project: loaded by URL (as
// bench/csv-check.bench.ts loads the import check), typed by the shape used here.
type InspectorModule = {
  inspectLayoutZip(
    JSZipClass: typeof JSZip,
    archive: Uint8Array,
  ): Promise<{ inspection: { problems: string[] } }>;
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const inspector = (await import(
  pathToFileURL(path.join(root, 'src/features/mailings/layout/zip-inspect.ts')).href
)) as InspectorModule;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const page = '<img src="images/a.png">';
const manyEntries: Record<string, ZipEntrySpec> = { 'index.html': 'x' };
for (let i = 0; i < 500; i++) manyEntries[`f${i}.txt`] = 'x';

const archives: [string, Uint8Array, string | null][] = [
  ['a good layout', buildZip({ 'index.html': page, 'images/a.png': PNG }), null],
  ['not a zip', new TextEncoder().encode('just text'), 'The file is not a valid zip archive.'],
  [
    'a path with ..',
    buildZip({ 'index.html': 'x', '../evil.txt': 'x' }),
    `"../evil.txt" contains "..", which would leave the archive's folder.`,
  ],
  [
    'a backslash',
    buildZip({ 'index.html': 'x', 'images\\a.png': PNG }),
    '"images\\a.png" contains a backslash; use "/" between folders.',
  ],
  [
    'an absolute path',
    buildZip({ 'index.html': 'x', '/etc/passwd': 'x' }),
    '"/etc/passwd" is an absolute path; paths must be relative.',
  ],
  [
    'a symbolic link',
    buildZip({ 'index.html': 'x', 'images/a.png': ['/etc/passwd', SYMLINK] }),
    '"images/a.png" is a symbolic link; links are not allowed.',
  ],
  [
    'no index.html',
    buildZip({ 'images/a.png': PNG }),
    "The archive has no index.html at its root. Add the layout's HTML as index.html.",
  ],
  [
    'index.html in a folder',
    buildZip({ 'news/index.html': page }),
    'The archive has no index.html at its root (found "news/index.html"). Zip the contents of the folder, not the folder itself.',
  ],
  [
    'an image that is not one',
    buildZip({ 'index.html': page, 'images/a.png': 'GIF89a, really' }),
    '"images/a.png" is not a PNG image, although its name says so. Save it again in that format.',
  ],
  [
    'too many entries',
    buildZip(manyEntries),
    'The archive has 501 entries; the service accepts at most 500. Remove files the layout does not need.',
  ],
  [
    'a zip bomb',
    buildZip({ 'index.html': page, 'images/a.png': new Uint8Array(3 * 1024 * 1024) }),
    '"images/a.png" is compressed more than 100:1, which is not plausible for a layout (zip bomb?). Zip the layout again with an ordinary tool.',
  ],
];

describe('zip layout rules: composer inspector and server import agree', () => {
  it.each(archives)('%s', async (_name, archive, refusal) => {
    const onServer = await importZipLayout(zipDataUri(archive)).then(
      () => null,
      (error: Error) => error.message,
    );
    const { inspection } = await inspector.inspectLayoutZip(JSZip, archive);
    expect(onServer).toBe(refusal);
    expect(inspection.problems[0] ?? null).toBe(refusal);
  });
});
