import {
  LAYOUT_IMAGES_DIR,
  LAYOUT_INDEX,
  layoutImageExtensions,
} from '../../../../contract/mailings';

/** A dropped or chosen file with the path the browser reports (folder drops keep folders). */
export type SourceFile<T = unknown> = { path: string; size: number; data: T };
export type PlannedEntry<T = unknown> = { archivePath: string; source: SourceFile<T> };
export type SkippedFile = { path: string; reason: string };

/** `./a/b`, `/a/b` and `a\b` all become `a/b`. */
export function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

const isJunk = (path: string) => {
  const name = path.split('/').pop() ?? '';
  return (
    path.split('/').includes('__MACOSX') ||
    name.startsWith('.') ||
    name === 'Thumbs.db' ||
    name === 'desktop.ini'
  );
};

export const isImageFile = (path: string) => {
  const lower = path.toLowerCase();
  return layoutImageExtensions.some((ext) => lower.endsWith(ext));
};

/** Whether the user gave us a ready zip (one file named *.zip) rather than layout files. */
export const isZipSelection = (paths: readonly string[]) =>
  paths.length === 1 && /\.zip$/i.test(paths[0]!);

/**
 * Which files go into the layout zip, and where (docs/decisions/api-choices.md: index.html at the root, images
 * under images/). A dropped folder is zipped from the folder holding index.html; images
 * chosen next to index.html go under images/. Anything else is left out and reported, so
 * the archive carries only what the service reads.
 */
export function planLayoutZip<T>(files: readonly SourceFile<T>[]): {
  entries: PlannedEntry<T>[];
  skipped: SkippedFile[];
} {
  const normalized = files.map((f) => ({ ...f, path: normalizePath(f.path) }));
  const indexes = normalized
    .map((f) => f.path)
    .filter((p) => p === LAYOUT_INDEX || p.endsWith(`/${LAYOUT_INDEX}`))
    .filter((p) => !isJunk(p))
    .sort((a, b) => a.split('/').length - b.split('/').length);
  const root = indexes[0]
    ? indexes[0].slice(0, -LAYOUT_INDEX.length)
    : commonFolder(normalized.map((f) => f.path));

  const entries: PlannedEntry<T>[] = [];
  const skipped: SkippedFile[] = [];
  const taken = new Set<string>();
  for (const source of normalized) {
    const { path } = source;
    if (isJunk(path)) {
      skipped.push({ path, reason: 'system file' });
      continue;
    }
    if (!path.startsWith(root)) {
      skipped.push({ path, reason: `outside the folder of ${LAYOUT_INDEX}` });
      continue;
    }
    const relative = path.slice(root.length);
    let archivePath: string | undefined;
    if (relative === LAYOUT_INDEX || relative.startsWith(LAYOUT_IMAGES_DIR)) archivePath = relative;
    else if (!relative.includes('/') && isImageFile(relative))
      archivePath = LAYOUT_IMAGES_DIR + relative;
    if (!archivePath) {
      skipped.push({
        path,
        reason: `not used by the service (only ${LAYOUT_INDEX} and images/ are)`,
      });
    } else if (taken.has(archivePath)) {
      skipped.push({ path, reason: `another file already became ${archivePath}` });
    } else {
      taken.add(archivePath);
      entries.push({ archivePath, source });
    }
  }
  return { entries, skipped };
}

/** The folder every path shares ("" when none), e.g. a dropped folder without index.html. */
function commonFolder(paths: string[]): string {
  const tops = new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/') + 1) : '')));
  const [only] = tops;
  return tops.size === 1 && only ? only : '';
}
