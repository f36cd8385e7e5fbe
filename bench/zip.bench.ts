import JSZip from 'jszip';

/**
 * The SPA's own pure functions (src/features/mailings/layout), loaded by URL: bench/ is
 * type-checked in the server's project, which must not pull in src/ files.
 */
type LayoutModules = {
  buildLayoutZip(
    zip: typeof JSZip,
    files: { archivePath: string; data: Uint8Array }[],
  ): Promise<Uint8Array>;
  inspectLayoutZip(
    zip: typeof JSZip,
    archive: Uint8Array,
  ): Promise<{ inspection: { problems: string[] } }>;
  toZipDataUri(archive: Uint8Array): string;
};
const spaModule = (file: string) =>
  import(new URL(`../src/features/mailings/layout/${file}.ts`, import.meta.url).href) as Promise<
    Partial<LayoutModules>
  >;
async function loadLayoutModules(): Promise<LayoutModules> {
  const modules = await Promise.all(['zip-build', 'zip-inspect', 'data-uri'].map(spaModule));
  return Object.assign({}, ...modules) as LayoutModules;
}

export const name = 'Layout zip: a generated 20 MB folder zipped, inspected and encoded (jszip)';

const MB = 1024 * 1024;
const IMAGES = 40;
const IMAGE_BYTES = (20 * MB) / IMAGES;

/**
 * What a marketer drops: index.html referencing 40 photos of 512 KB each. The photos are
 * PNG-signed noise, as incompressible as real JPEG/PNG data, so the archive stays ~20 MB
 * (over the service's 10 MB limit: the inspector's job is to say so, after zipping).
 */
function generateLayout() {
  const rows = Array.from(
    { length: IMAGES },
    (_, i) => `<tr><td><img src="images/photo-${i}.png" width="600"></td></tr>`,
  );
  const html = `<!doctype html><html><body><table>${rows.join('\n')}</table></body></html>`;
  let seed = 42;
  const files = [{ archivePath: 'index.html', data: new TextEncoder().encode(html) }];
  for (let i = 0; i < IMAGES; i++) {
    const data = new Uint8Array(IMAGE_BYTES);
    for (let j = 0; j < data.length; j++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[j] = seed >>> 24;
    }
    data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    files.push({ archivePath: `images/photo-${i}.png`, data });
  }
  return files;
}

const time = async <T>(fn: () => Promise<T> | T): Promise<[T, number]> => {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
};

export async function run() {
  const { buildLayoutZip, inspectLayoutZip, toZipDataUri } = await loadLayoutModules();
  const files = generateLayout();
  const input = files.reduce((sum, f) => sum + f.data.length, 0);
  const [archive, zipMs] = await time(() => buildLayoutZip(JSZip, files));
  console.log(
    `   zip ${(input / MB).toFixed(1)} MB in ${files.length} files → ${(archive.length / MB).toFixed(1)} MB archive: ${zipMs.toFixed(0)} ms`,
  );
  const [inspected, inspectMs] = await time(() => inspectLayoutZip(JSZip, archive));
  console.log(
    `   inspect (inflate every entry with the limits): ${inspectMs.toFixed(0)} ms; problems: ${inspected.inspection.problems.length}`,
  );
  const [uri, encodeMs] = await time(() => toZipDataUri(archive));
  console.log(
    `   data URI (${(uri.length / MB).toFixed(1)} MB of text): ${encodeMs.toFixed(0)} ms`,
  );
}
