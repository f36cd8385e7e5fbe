import { z } from 'zod';

/**
 * The block document of a layout made in the dashboard (docs/architecture.md §16). It is
 * stored in the layout's zip as `mailboard.json` beside the index.html rendered from it, so
 * reopening the layout reopens its blocks. Pure data: rendering is to-mjml.ts / to-text.ts.
 */
export const BLOCKS_FORMAT = 'mailboard.blocks';

export const blockKinds = [
  'heading',
  'text',
  'image',
  'button',
  'divider',
  'spacer',
  'columns',
] as const;
/** Kinds a person can add (the footer comes with every document). */
export type AddableKind = (typeof blockKinds)[number];
/** Kinds a column may hold: no columns inside columns. */
export type ColumnKind = Exclude<AddableKind, 'columns'>;

export const fonts = ['Arial', 'Helvetica', 'Georgia', 'Verdana', 'Trebuchet MS'] as const;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');
const id = z.string().min(1).max(64);

export const stylesSchema = z.object({
  width: z.number().int().min(480).max(800),
  font: z.enum(fonts),
  textColor: color,
  backgroundColor: color,
  contentColor: color,
  linkColor: color,
  buttonColor: color,
  buttonTextColor: color,
  buttonRadius: z.number().int().min(0).max(30),
});
export type Styles = z.infer<typeof stylesSchema>;

const heading = z.object({
  id,
  kind: z.literal('heading'),
  text: z.string().max(500),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
const text = z.object({ id, kind: z.literal('text'), html: z.string().max(100_000) });
const image = z.object({
  id,
  kind: z.literal('image'),
  /** `images/<file>` inside the zip, or "" before a file is chosen. */
  src: z.string().max(300),
  alt: z.string().max(500),
  href: z.string().max(2000),
});
const button = z.object({
  id,
  kind: z.literal('button'),
  label: z.string().max(200),
  href: z.string().max(2000),
});
const divider = z.object({ id, kind: z.literal('divider') });
const spacer = z.object({
  id,
  kind: z.literal('spacer'),
  height: z.number().int().min(4).max(200),
});

const leafBlock = z.discriminatedUnion('kind', [heading, text, image, button, divider, spacer]);
const columns = z.object({
  id,
  kind: z.literal('columns'),
  columns: z.array(z.array(leafBlock).max(50)).min(2).max(3),
});
const footer = z.object({
  id,
  kind: z.literal('footer'),
  /** The sender's postal address, shown above the unsubscribe link. */
  address: z.string().max(1000),
  unsubscribeLabel: z.string().min(1).max(200),
});

export const blockSchema = z.discriminatedUnion('kind', [
  heading,
  text,
  image,
  button,
  divider,
  spacer,
  columns,
  footer,
]);
export type Block = z.infer<typeof blockSchema>;
export type LeafBlock = z.infer<typeof leafBlock>;
export type FooterBlock = z.infer<typeof footer>;
export type ColumnsBlock = z.infer<typeof columns>;

export const blockDocumentSchema = z.object({
  format: z.literal(BLOCKS_FORMAT),
  version: z.literal(1),
  styles: stylesSchema,
  blocks: z.array(blockSchema).max(500),
  /** A Markdown layout: its source, rendered into the same frame above the footer. */
  markdown: z.string().max(200_000).optional(),
});
export type BlockDocument = z.infer<typeof blockDocumentSchema>;

export const defaultStyles: Styles = {
  width: 600,
  font: 'Arial',
  textColor: '#1f2933',
  backgroundColor: '#f1f3f5',
  contentColor: '#ffffff',
  linkColor: '#1c64d1',
  buttonColor: '#1c64d1',
  buttonTextColor: '#ffffff',
  buttonRadius: 4,
};

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
