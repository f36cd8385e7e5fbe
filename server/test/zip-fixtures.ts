import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync, type Zippable, type ZipOptions } from 'fflate';

/** One archive entry: text or bytes, with optional zip attributes (os, attrs, level). */
export type ZipEntrySpec = string | Uint8Array | [string | Uint8Array, ZipOptions];

/** Builds a zip archive in memory with fflate; entry names are used exactly as given. */
export function buildZip(entries: Record<string, ZipEntrySpec>): Uint8Array {
  const files: Zippable = {};
  for (const [name, spec] of Object.entries(entries)) {
    const [content, options] = Array.isArray(spec) ? spec : [spec, {}];
    const bytes = typeof content === 'string' ? strToU8(content) : content;
    files[name] = [bytes, options];
  }
  return zipSync(files, { level: 9 });
}

export const zipDataUri = (zip: Uint8Array, mediaType = 'application/zip') =>
  `data:${mediaType};base64,${Buffer.from(zip).toString('base64')}`;

/** Unix external attributes of a symbolic link (mode 0120777 in the upper 16 bits). */
export const SYMLINK: ZipOptions = { os: 3, attrs: 0o120777 * 0x10000 };

const layoutsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../e2e/fixtures/layouts',
);

/** Every file of a fixture layout folder (e2e/fixtures/layouts/<name>), keyed by archive path. */
export function fixtureLayoutFiles(name: string): Record<string, Uint8Array> {
  const root = path.join(layoutsDir, name);
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full);
    }
  };
  walk(root);
  return files;
}
