import mjml2html from 'mjml-browser';
import type { BlockDocument } from '../../../../contract/block-document';
import { markdownToHtml } from './markdown';
import { renderEmail } from './render-email';

/**
 * Renders block documents off the main thread (mjml-browser is 1.2 MB of JavaScript and a
 * 30-block mailing takes tens of milliseconds). One worker serves the editor's renders.
 */
export type RenderRequest = { id: number; doc: BlockDocument; title: string };

type WorkerScope = {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage(message: unknown): void;
};
const scope = self as unknown as WorkerScope;
const mjml = mjml2html as unknown as Parameters<typeof renderEmail>[1];

scope.onmessage = ({ data }) => {
  renderEmail(data.doc, mjml, markdownToHtml, data.title).then(
    (result) => scope.postMessage({ id: data.id, result }),
    (error: unknown) =>
      scope.postMessage({
        id: data.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
};
