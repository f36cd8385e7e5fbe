import { z } from 'zod';

/**
 * The block document of a layout made in the dashboard (docs/decisions/block-editor.md). It is
 * stored in the layout's zip as `mailboard.json` beside the index.html rendered from it, so
 * reopening the layout reopens its blocks. Pure data: the composer renders it
 * (src/features/mailings/blocks/to-mjml.ts, to-text.ts) and the demo data builds its starter
 * templates from it (server/demo/templates.ts).
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
