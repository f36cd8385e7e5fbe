import type { LayoutJobProgress, LayoutJobRequest, PreparedLayout } from './layout-process';

type WorkerMessage =
  | { type: 'progress'; progress: LayoutJobProgress }
  | { type: 'done'; result: PreparedLayout }
  | { type: 'error'; message: string };

/**
 * Prepares a layout in a Web Worker (jszip loads there, never on other screens). Where
 * workers are missing (jsdom) the same code runs here, loading jszip on demand.
 */
export function prepareLayout(
  request: LayoutJobRequest,
  options: { onProgress?: (p: LayoutJobProgress) => void; signal?: AbortSignal } = {},
): Promise<PreparedLayout> {
  const { onProgress, signal } = options;
  if (typeof Worker === 'undefined') return prepareHere(request, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The layout job was cancelled.', 'AbortError'));
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') {
        finish();
        resolve(message.result);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The layout could not be processed.'));
    };
    worker.postMessage(request);
  });
}

async function prepareHere(request: LayoutJobRequest, onProgress?: (p: LayoutJobProgress) => void) {
  const [{ default: JSZip }, { processLayoutJob }] = await Promise.all([
    import('jszip'),
    import('./layout-process'),
  ]);
  return processLayoutJob(JSZip, request, onProgress);
}
