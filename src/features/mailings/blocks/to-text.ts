import { UNSUBSCRIBE_TAG } from '../../../../contract/personalization';
import type { Block, BlockDocument } from '../../../../contract/block-document';

const decode = (v: string) =>
  v
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Rich text (Tiptap's HTML: paragraphs, marks, links, lists) as readable plain text. */
export function richTextToText(html: string): string {
  return decode(
    html
      .replace(
        /<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_, href: string, label: string) => {
          const text = label.replace(/<[^>]+>/g, '');
          return text === href ? href : `${text} (${href})`;
        },
      )
      .replace(/<li\b[^>]*>/gi, '- ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|li|h\d|ul|ol)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n(\s*\n)+/g, '\n')
    .trim();
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return block.text.trim();
    case 'text':
      return richTextToText(block.html);
    case 'image':
      return block.src ? `[${block.alt}]${block.href ? ` (${block.href})` : ''}` : '';
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'divider':
      return '----------';
    case 'spacer':
      return '';
    case 'columns':
      return block.columns.flat().map(blockText).filter(Boolean).join('\n\n');
    case 'footer':
      return [block.address.trim(), `${block.unsubscribeLabel}: {{ ${UNSUBSCRIBE_TAG} }}`]
        .filter(Boolean)
        .join('\n\n');
  }
}

/** The plain-text part of a block document: the same content, one paragraph per block. */
export const toText = (doc: BlockDocument) =>
  doc.blocks
    .map(blockText)
    .filter((t) => t !== '')
    .join('\n\n');
