export {
  classifyReferences,
  findReferences,
  rewriteImageReferences,
} from '../../../../contract/layout-references';

/**
 * index.html as text, as the server decodes it: a BOM decides, else a `<meta charset>` in
 * the first KB the browser knows, else UTF-8.
 */
export function decodeLayoutHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder().decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding the browser does not know: the server falls back to UTF-8 too.
    }
  }
  return new TextDecoder().decode(bytes);
}
