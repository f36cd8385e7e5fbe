import type { BlockDocument, Block } from '../../../../contract/block-document';
import { toMjml } from './to-mjml';
import { toText } from './to-text';

export type RenderedEmail = { html: string; text: string; errors: string[] };

type Mjml = (
  mjml: string,
  options: { validationLevel: 'soft'; keepComments: boolean },
) => Promise<{ html: string; errors: { formattedMessage?: string; message?: string }[] }>;

/** Markdown as HTML (markdown-it in the worker; raw HTML in the source is escaped). */
export type MarkdownToHtml = (markdown: string) => string;

/**
 * A block document (or a Markdown one) as the layout's HTML and text parts. `mjml` and
 * `markdown` are passed in so this stays a pure module the tests and the worker share.
 */
export async function renderEmail(
  doc: BlockDocument,
  mjml: Mjml,
  markdown: MarkdownToHtml,
  title = '',
): Promise<RenderedEmail> {
  const blocks: Block[] =
    doc.markdown === undefined
      ? doc.blocks
      : [{ id: 'markdown', kind: 'text', html: markdown(doc.markdown) }, ...doc.blocks];
  const result = await mjml(toMjml({ ...doc, blocks }, title), {
    validationLevel: 'soft',
    keepComments: false,
  });
  const text =
    doc.markdown === undefined
      ? toText(doc)
      : [doc.markdown.trim(), toText({ ...doc, markdown: undefined })].filter(Boolean).join('\n\n');
  return {
    html: result.html,
    text,
    errors: result.errors.map((e) => e.formattedMessage ?? e.message ?? String(e)),
  };
}
