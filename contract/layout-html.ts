/**
 * A zipped layout's index.html as text, decoded the same way by the server's import and the
 * composer's inspector: a BOM decides, else the `<meta charset>` (or http-equiv
 * Content-Type) of the first KB when it names an encoding of the WHATWG Encoding Standard
 * (what browsers and mail clients know), else UTF-8. A declared non-UTF-8 charset is
 * rewritten to utf-8, since the source is stored and served as Unicode text.
 * TextDecoder is standard in browsers, workers and Node alike.
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
    const decoded = decodeAs(declared, bytes);
    if (decoded !== undefined) {
      return decoded.replace(/(<meta[^>]+charset\s*=\s*["']?\s*)[\w.:-]+/i, '$1utf-8');
    }
  }
  return new TextDecoder().decode(bytes);
}

/** The bytes decoded as `label`, or undefined for a label the Encoding Standard does not know. */
function decodeAs(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return undefined;
  }
}
