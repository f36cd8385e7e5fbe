import { parseZipDataUri } from '../../../../contract/mailings';

/** The prefix the spec documents for zip_file. */
export const ZIP_DATA_URI_PREFIX = 'data:application/zip;charset=utf-8;base64,';

// A multiple of 3, so every chunk encodes without padding and the pieces concatenate.
const CHUNK = 3 * 0x4000;

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const chunk = bytes.subarray(at, at + CHUNK);
    out += btoa(String.fromCharCode.apply(null, chunk as unknown as number[]));
  }
  return out;
}

/** `data:application/zip;charset=utf-8;base64,…` of an archive (spec: Layout). */
export const toZipDataUri = (bytes: Uint8Array) => ZIP_DATA_URI_PREFIX + toBase64(bytes);

/** The archive inside a zip_file data URI, or undefined when the URI is not one the server takes. */
export function fromZipDataUri(uri: string): Uint8Array | undefined {
  const parsed = parseZipDataUri(uri);
  if (!parsed.ok) return undefined;
  const binary = atob(parsed.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Characters the data URI adds to the JSON request for an archive of this size. */
export const dataUriLength = (archiveBytes: number) =>
  ZIP_DATA_URI_PREFIX.length + 4 * Math.ceil(archiveBytes / 3);
