import type JSZip from 'jszip';
import { isImageFile } from './layout-files';

export type ZipInput = { archivePath: string; data: Uint8Array };
type JSZipClass = typeof JSZip;

/**
 * Zips a layout. Images are stored as they are (JPEG/PNG/GIF are compressed already, so
 * deflating them again costs time and saves nothing); index.html and the rest are deflated.
 * `onProgress` gets the percentage jszip reports while it writes the archive.
 */
export async function buildLayoutZip(
  JSZipClass: JSZipClass,
  files: readonly ZipInput[],
  onProgress?: (percent: number) => void,
): Promise<Uint8Array> {
  const zip = new JSZipClass();
  // A fixed date keeps the archive identical for identical files (drafts, tests).
  const date = new Date(Date.UTC(2020, 0, 1));
  for (const { archivePath, data } of files) {
    zip.file(archivePath, data, {
      binary: true,
      date,
      createFolders: false,
      compression: isImageFile(archivePath) ? 'STORE' : 'DEFLATE',
      compressionOptions: { level: 6 },
    });
  }
  return zip.generateAsync({ type: 'uint8array', platform: 'DOS' }, (meta) =>
    onProgress?.(meta.percent),
  );
}
