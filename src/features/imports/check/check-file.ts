import {
  createCsvChecker,
  CsvCheckError,
  type CheckConfig,
  type CheckCounts,
  type CheckReport,
} from './csv-check';
import { formatCount } from '../../../lib/format';

/** Bytes read at a time: memory stays near this (plus the set of addresses). */
export const CHECK_SLICE_BYTES = 1024 * 1024;

export type FileCheckConfig = CheckConfig & { encoding: string };
export type CheckProgress = { bytesRead: number; totalBytes: number; counts: CheckCounts };

/**
 * Checks every row of a file: slices of CHECK_SLICE_BYTES are read one after the other
 * (the next one is read while the current one is checked), decoded with a streaming
 * TextDecoder (a character may straddle two slices) and fed to the checker. UTF-8 is
 * decoded strictly, as the server does: an invalid byte stops the check.
 */
export async function checkFile(
  file: Blob,
  config: FileCheckConfig,
  options: {
    onProgress?: (progress: CheckProgress) => void;
    progressEveryMs?: number;
    signal?: AbortSignal;
    sliceBytes?: number;
  } = {},
): Promise<CheckReport> {
  const { onProgress, progressEveryMs = 100, signal, sliceBytes = CHECK_SLICE_BYTES } = options;
  const checker = createCsvChecker(config);
  const decoder = new TextDecoder(config.encoding, { fatal: config.encoding === 'utf-8' });
  const decode = (bytes: Uint8Array | undefined, offset: number) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvCheckError(
        `The file is not valid utf-8 (after byte ${formatCount(offset)}): choose its encoding in the Format step.`,
      );
    }
  };
  const read = async (start: number) =>
    new Uint8Array(await file.slice(start, start + sliceBytes).arrayBuffer());

  let lastReport = 0;
  let offset = 0;
  let next = file.size > 0 ? read(0) : undefined;
  while (next) {
    const bytes = await next;
    signal?.throwIfAborted();
    const start = offset;
    offset += bytes.length;
    next = offset < file.size ? read(offset) : undefined;
    checker.push(decode(bytes, start));
    const now = Date.now();
    if (onProgress && now - lastReport >= progressEveryMs) {
      lastReport = now;
      onProgress({ bytesRead: offset, totalBytes: file.size, counts: checker.counts() });
    }
  }
  checker.push(decode(undefined, offset));
  const report = checker.finish();
  onProgress?.({ bytesRead: file.size, totalBytes: file.size, counts: report });
  return report;
}
