import type { BlockDocument } from '../../../../contract/block-document';
import type { RenderedEmail } from './render-email';
import type { RenderRequest } from './render.worker';

type Reply = { id: number; result?: RenderedEmail; error?: string };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (r: RenderedEmail) => void; reject: (e: Error) => void }
>();

function renderWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<Reply>) => {
    const job = pending.get(data.id);
    pending.delete(data.id);
    if (data.result) job?.resolve(data.result);
    else job?.reject(new Error(data.error ?? 'The layout could not be rendered.'));
  };
  worker.onerror = (event) => {
    pending.forEach((job) => job.reject(new Error(event.message || 'The renderer stopped.')));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };
  return worker;
}

/**
 * Renders a block document to HTML and text in the render worker (docs/architecture.md
 * §3.8). Where workers are missing (jsdom) the same modules run here.
 */
export function renderBlocks(doc: BlockDocument, title: string): Promise<RenderedEmail> {
  if (typeof Worker === 'undefined') return renderHere(doc, title);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    renderWorker().postMessage({ id, doc, title } satisfies RenderRequest);
  });
}

async function renderHere(doc: BlockDocument, title: string) {
  const [{ default: mjml }, { markdownToHtml }, { renderEmail }] = await Promise.all([
    import('mjml-browser'),
    import('./markdown'),
    import('./render-email'),
  ]);
  return renderEmail(
    doc,
    mjml as unknown as Parameters<typeof renderEmail>[1],
    markdownToHtml,
    title,
  );
}
