import type JSZip from 'jszip';
import { zipLayoutLimits } from '../../../../contract/mailings';
import { toBase64, toZipDataUri } from './data-uri';
import { isZipSelection, normalizePath, planLayoutZip } from './layout-files';
import { buildPreviewDocument } from './preview-document';
import { buildLayoutZip, type ZipInput } from './zip-build';
import { inspectLayoutZip, type InspectedLayout } from './zip-inspect';

/** What the composer hands to the worker: chosen files, or an archive kept in the draft. */
export type LayoutJobRequest =
  | { kind: 'files'; files: { path: string; file: Blob }[] }
  | { kind: 'archive'; name: string; data: Uint8Array }
  /** Made in the dashboard (blocks, Markdown): the archive's entries as they are. */
  | { kind: 'entries'; name: string; entries: ZipInput[]; problems: string[] };

export type LayoutJobPhase = 'reading' | 'zipping' | 'inspecting' | 'encoding';
export type LayoutJobProgress = { phase: LayoutJobPhase; percent: number };

/** A layout ready to send (when its inspection has no problems) and to preview. */
export type PreparedLayout = Pick<
  InspectedLayout,
  'inspection' | 'html' | 'document' | 'text' | 'images'
> & {
  /** The preview iframe's document: CSP injected, archive images inlined. */
  previewDocument: string | null;
  /** Where it came from, for people: "news.zip", "folder “news” (5 files)". */
  label: string;
  /** The archive itself, kept for the draft. */
  archive: Uint8Array;
  /** zip_file as sent; empty when the archive is over the size limit. */
  dataUri: string;
  /** Whether the browser built the archive (a folder or files) rather than receiving it. */
  zippedHere: boolean;
};

export function describeSelection(paths: readonly string[]): string {
  if (isZipSelection(paths)) return paths[0]!.split(/[\\/]/).pop()!;
  const tops = new Set(paths.map((p) => normalizePath(p).split('/')[0]));
  const [top] = tops;
  const folder =
    tops.size === 1 && paths.every((p) => normalizePath(p).includes('/')) ? top : undefined;
  const files = `${paths.length} file${paths.length === 1 ? '' : 's'}`;
  return folder ? `folder “${folder}” (${files})` : files;
}

/**
 * Turns the user's files into a checked layout: a single .zip is read as it is; a folder or
 * index.html with images is zipped first (images under images/). Runs in the zip worker, or
 * on the main thread where workers are missing (tests).
 */
export async function processLayoutJob(
  JSZipClass: typeof JSZip,
  request: LayoutJobRequest,
  onProgress: (progress: LayoutJobProgress) => void = () => {},
): Promise<PreparedLayout> {
  let archive: Uint8Array;
  let label: string;
  let zippedHere = false;
  let skipped: { path: string; reason: string }[] = [];
  if (request.kind === 'archive') {
    archive = request.data;
    label = request.name;
  } else if (request.kind === 'entries') {
    label = request.name;
    archive = await buildLayoutZip(JSZipClass, request.entries, (percent) =>
      onProgress({ phase: 'zipping', percent }),
    );
  } else {
    const paths = request.files.map((f) => f.path);
    label = describeSelection(paths);
    if (isZipSelection(paths)) {
      onProgress({ phase: 'reading', percent: 0 });
      archive = new Uint8Array(await request.files[0]!.file.arrayBuffer());
    } else {
      const plan = planLayoutZip(
        request.files.map((f) => ({ path: f.path, size: f.file.size, data: f.file })),
      );
      skipped = plan.skipped;
      const total = plan.entries.reduce((sum, e) => sum + e.source.size, 0) || 1;
      let read = 0;
      const inputs = [];
      for (const entry of plan.entries) {
        onProgress({ phase: 'reading', percent: (100 * read) / total });
        inputs.push({
          archivePath: entry.archivePath,
          data: new Uint8Array(await entry.source.data.arrayBuffer()),
        });
        read += entry.source.size;
      }
      archive = await buildLayoutZip(JSZipClass, inputs, (percent) =>
        onProgress({ phase: 'zipping', percent }),
      );
      zippedHere = true;
    }
  }
  onProgress({ phase: 'inspecting', percent: 0 });
  const inspected = await inspectLayoutZip(JSZipClass, archive, skipped);
  if (request.kind === 'entries') inspected.inspection.problems.push(...request.problems);
  onProgress({ phase: 'encoding', percent: 0 });
  const dataUri = archive.length <= zipLayoutLimits.maxArchiveBytes ? toZipDataUri(archive) : '';
  // Images are inlined as data: URLs rather than blob: URLs: Chromium does not let the
  // preview's opaque origin (sandbox="" without allow-same-origin) load this page's blob: URLs.
  const imageUrls = new Map(
    inspected.images.map((i) => [i.path, `data:${i.contentType};base64,${toBase64(i.data)}`]),
  );
  const previewDocument =
    inspected.html === null ? null : buildPreviewDocument(inspected.html, { imageUrls });
  return {
    inspection: inspected.inspection,
    html: inspected.html,
    document: inspected.document,
    text: inspected.text,
    images: inspected.images,
    previewDocument,
    label,
    archive,
    dataUri,
    zippedHere,
  };
}
