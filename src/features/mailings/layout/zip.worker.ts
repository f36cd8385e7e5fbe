import JSZip from 'jszip';
import { processLayoutJob, type LayoutJobRequest, type PreparedLayout } from './layout-process';
import { configureZodForCsp } from '../../../lib/zod-config';

// Workers get the CSP of their script's response too: no eval for zod here either.
configureZodForCsp();

/**
 * Zips, inspects and encodes a layout off the main thread, so a 20 MB folder never
 * freezes the page. One job per worker; the composer terminates it to cancel.
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<LayoutJobRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};
const scope = self as unknown as WorkerScope;

/** The result's byte buffers move to the page instead of being copied. */
function transferables(result: PreparedLayout): Transferable[] {
  const buffers = new Set<ArrayBuffer>();
  if (result.archive.buffer instanceof ArrayBuffer) buffers.add(result.archive.buffer);
  return [...buffers];
}

scope.onmessage = (event) => {
  processLayoutJob(JSZip, event.data, (progress) =>
    scope.postMessage({ type: 'progress', progress }),
  ).then(
    (result) => scope.postMessage({ type: 'done', result }, transferables(result)),
    (error: unknown) =>
      scope.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
