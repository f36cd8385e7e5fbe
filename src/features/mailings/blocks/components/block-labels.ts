import type { Block } from '../../../../../contract/block-document';

export const kindLabels: Record<Block['kind'], string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  spacer: 'Spacer',
  columns: 'Columns',
  footer: 'Footer',
};

/** A block's accessible name: its kind and its position in its list ("Heading 1"). */
export const blockName = (block: Block, index: number) => `${kindLabels[block.kind]} ${index + 1}`;
