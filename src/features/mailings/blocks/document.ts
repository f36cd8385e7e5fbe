import {
  BLOCKS_FORMAT,
  blockDocumentSchema,
  defaultStyles,
  type AddableKind,
  type Block,
  type BlockDocument,
  type FooterBlock,
} from '../../../../contract/block-document';

/**
 * Making and reading block documents in the composer; the document's schema and types are
 * contract/block-document.ts. Pure data: rendering is to-mjml.ts / to-text.ts.
 */

let counter = 0;
/** Ids only need to be unique inside one document. */
export const newId = () => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

export const newBlock = <K extends AddableKind>(kind: K): BlockOf<K> =>
  makeBlock(kind) as BlockOf<K>;

function makeBlock(kind: AddableKind): Block {
  switch (kind) {
    case 'heading':
      return { id: newId(), kind, text: 'Heading', level: 1 };
    case 'text':
      return { id: newId(), kind, html: '<p>Write something.</p>' };
    case 'image':
      return { id: newId(), kind, src: '', alt: '', href: '' };
    case 'button':
      return { id: newId(), kind, label: 'Read more', href: 'https://' };
    case 'divider':
      return { id: newId(), kind };
    case 'spacer':
      return { id: newId(), kind, height: 24 };
    case 'columns':
      return { id: newId(), kind, columns: [[newBlock('text')], [newBlock('text')]] };
  }
}

export const newFooter = (address = ''): FooterBlock => ({
  id: newId(),
  kind: 'footer',
  address,
  unsubscribeLabel: 'Unsubscribe',
});

/** A Markdown layout: the source and the footer, in the default frame. */
export const newMarkdownDocument = (address = '', markdown = ''): BlockDocument => ({
  format: BLOCKS_FORMAT,
  version: 1,
  styles: defaultStyles,
  blocks: [newFooter(address)],
  markdown,
});

export const newDocument = (address = ''): BlockDocument => ({
  format: BLOCKS_FORMAT,
  version: 1,
  styles: defaultStyles,
  blocks: [newBlock('heading'), newBlock('text'), newFooter(address)],
});

/**
 * Exactly one footer, last: a document read from a file may have lost or moved it, and
 * the unsubscribe link must be in every message.
 */
export function withFooter(doc: BlockDocument): BlockDocument {
  const footers = doc.blocks.filter((b): b is FooterBlock => b.kind === 'footer');
  const others = doc.blocks.filter((b) => b.kind !== 'footer');
  return { ...doc, blocks: [...others, footers[0] ?? newFooter()] };
}

/** A `mailboard.json` as text, or undefined when it is not one of ours. */
export function parseBlockDocument(json: string): BlockDocument | undefined {
  try {
    const parsed = blockDocumentSchema.safeParse(JSON.parse(json));
    return parsed.success ? withFooter(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

/** Every block, columns' blocks included, in reading order. */
export function allBlocks(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    out.push(b);
    if (b.kind === 'columns') for (const column of b.columns) out.push(...column);
  }
  return out;
}

/** The archive paths of the images a document shows. */
export const documentImages = (doc: BlockDocument) =>
  allBlocks(doc.blocks).flatMap((b) => (b.kind === 'image' && b.src ? [b.src] : []));
