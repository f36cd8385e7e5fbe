import type JSZip from 'jszip';
import {
  LAYOUT_IMAGES_DIR,
  LAYOUT_INDEX,
  layoutImageExtensions,
  zipLayoutLimits,
} from '../../../../contract/mailings';
import { zipMessages } from '../../../../contract/zip-entries';
import { MB, formatBytes } from '../../../lib/format';
import { dataUriLength } from './data-uri';
import { isImageFile, type SkippedFile } from './layout-files';
import { decodeLayoutHtml } from '../../../../contract/layout-html';
import { classifyReferences } from './layout-html';
import {
  LayoutProblem,
  entryPath,
  imageContentType,
  inflateEntry,
  pathProblem,
} from './zip-entries';

export type InspectedImage = { path: string; bytes: number; used: boolean };

/** What the inspector found in a layout archive; `problems` block the upload. */
export type LayoutInspection = {
  archiveBytes: number;
  /** Length of the zip_file data URI in the JSON request. */
  dataUriLength: number;
  uncompressedBytes: number;
  entryCount: number;
  hasIndex: boolean;
  /** Images under images/ the service could import: used ones are imported. */
  images: InspectedImage[];
  /** Referenced under images/ but not in the archive. */
  missing: string[];
  /** Files the service will not use (and files left out while zipping). */
  ignored: SkippedFile[];
  problems: string[];
  warnings: string[];
};

export type LayoutImageData = { path: string; contentType: string; data: Uint8Array };

/** The inspection, plus index.html's text and the imported images' bytes for the preview. */
export type InspectedLayout = {
  inspection: LayoutInspection;
  html: string | null;
  images: LayoutImageData[];
  /** mailboard.json's text: the block document a layout made in the dashboard carries. */
  document: string | null;
  /** index.txt: the plain-text part a layout made in the dashboard carries. */
  text: string | null;
};

/** Files of a layout made in the dashboard, read by the dashboard (the service ignores them). */
export const LAYOUT_DOCUMENT = 'mailboard.json';
export const LAYOUT_TEXT = 'index.txt';
const dashboardFiles = new Set([LAYOUT_DOCUMENT, LAYOUT_TEXT]);

const isJunkPath = (path: string) =>
  path.split('/').includes('__MACOSX') || (path.split('/').pop() ?? '').startsWith('.');

function ignoredReason(path: string): string {
  if (isJunkPath(path)) return 'system file';
  if (!path.startsWith(LAYOUT_IMAGES_DIR))
    return `outside images/ (only ${LAYOUT_INDEX} and images/ are read)`;
  return `not a ${layoutImageExtensions.join('/')} image`;
}

/**
 * Checks a layout archive with the server's rules (contract/zip-entries.ts) before it is uploaded: size,
 * entry count, paths and links, inflated size and compression ratio (counted while
 * inflating), index.html at the root, and which images index.html references — present,
 * missing, or present but unused. `skipped` are files left out while zipping a folder.
 */
export async function inspectLayoutZip(
  JSZipClass: typeof JSZip,
  archive: Uint8Array,
  skipped: readonly SkippedFile[] = [],
): Promise<InspectedLayout> {
  const inspection: LayoutInspection = {
    archiveBytes: archive.length,
    dataUriLength: dataUriLength(archive.length),
    uncompressedBytes: 0,
    entryCount: 0,
    hasIndex: false,
    images: [],
    missing: [],
    ignored: [...skipped],
    problems: [],
    warnings: [],
  };
  const result: InspectedLayout = {
    inspection,
    html: null,
    images: [],
    document: null,
    text: null,
  };
  const { problems } = inspection;
  if (archive.length === 0) {
    problems.push('The zip archive is empty.');
    return result;
  }
  if (archive.length > zipLayoutLimits.maxArchiveBytes) {
    problems.push(
      `The archive is ${formatBytes(archive.length)}; the service accepts at most ${zipLayoutLimits.maxArchiveBytes / MB} MB. Make the images smaller or remove files it does not need.`,
    );
  }

  let zip: JSZip;
  try {
    zip = await JSZipClass.loadAsync(archive, { checkCRC32: false, createFolders: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    problems.push(
      /encrypted/i.test(message)
        ? 'The archive is encrypted. Zip the layout again without a password.'
        : /compression/i.test(message)
          ? 'The archive uses a compression method the service does not support. Zip it again with an ordinary tool (stored or deflated entries).'
          : 'The file is not a valid zip archive.',
    );
    return result;
  }

  const all = Object.values(zip.files);
  inspection.entryCount = all.length;
  if (all.length > zipLayoutLimits.maxEntries) {
    problems.push(zipMessages.tooManyEntries(all.length));
    return result;
  }
  for (const entry of all) {
    const problem = pathProblem(entryPath(entry), entry.unixPermissions);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) return result;

  const files = all.filter((e) => !e.dir);
  const index = files.find((e) => entryPath(e) === LAYOUT_INDEX);
  inspection.hasIndex = Boolean(index);
  if (!index) problems.push(zipMessages.missingIndex(files.map(entryPath)));

  const budget = { used: 0 };
  try {
    const references = index
      ? classifyReferences(
          (result.html = decodeLayoutHtml((await inflateEntry(index, budget, true)).data!)),
        )
      : { images: new Set<string>(), outsideImages: [], otherLocal: [] };
    for (const entry of files) {
      if (entry === index) continue;
      const path = entryPath(entry);
      const candidate =
        path.startsWith(LAYOUT_IMAGES_DIR) && isImageFile(path) && !isJunkPath(path);
      const used = candidate && references.images.has(path);
      const ours = dashboardFiles.has(path);
      const { data, size } = await inflateEntry(entry, budget, used || ours);
      if (ours) {
        const content = new TextDecoder().decode(data);
        if (path === LAYOUT_DOCUMENT) result.document = content;
        else result.text = content;
        continue;
      }
      if (!candidate) {
        inspection.ignored.push({ path, reason: ignoredReason(path) });
        continue;
      }
      inspection.images.push({ path, bytes: size, used });
      if (!data) continue;
      const contentType = imageContentType(path, data);
      if (contentType) result.images.push({ path, contentType, data });
      else problems.push(zipMessages.notAnImage(path));
    }
    reportReferences(inspection, references);
  } catch (error) {
    if (!(error instanceof LayoutProblem)) throw error;
    problems.push(error.message);
  }
  inspection.uncompressedBytes = budget.used;
  return result;
}

function reportReferences(
  inspection: LayoutInspection,
  references: ReturnType<typeof classifyReferences>,
) {
  const present = new Set(inspection.images.map((i) => i.path));
  for (const path of references.images) {
    if (present.has(path)) continue;
    inspection.missing.push(path);
    inspection.problems.push(
      `${LAYOUT_INDEX} shows "${path}", which is not in the archive. Add the image under images/ or correct the reference.`,
    );
  }
  for (const reference of references.outsideImages) {
    const name = reference.split('/').pop() ?? reference;
    inspection.problems.push(
      `${LAYOUT_INDEX} shows the image "${reference}", which is outside images/; the service imports images from images/ only. Move it into images/ and reference it as "images/${name}".`,
    );
  }
  for (const reference of references.otherLocal) {
    inspection.warnings.push(
      `${LAYOUT_INDEX} refers to "${reference}", which the service does not import (only images under images/ are). Use an absolute https:// address or inline it.`,
    );
  }
  const unused = inspection.images.filter((i) => !i.used);
  if (unused.length > 0) {
    inspection.warnings.push(
      `${unused.length} image${unused.length === 1 ? ' is' : 's are'} not referenced by ${LAYOUT_INDEX} and will not be imported.`,
    );
  }
}
