import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Block } from '../../../../../contract/block-document';

export const kindLabels: Record<Block['kind'], MessageDescriptor> = {
  heading: msg`Heading`,
  text: msg`Text`,
  image: msg`Image`,
  button: msg`Button`,
  divider: msg`Divider`,
  spacer: msg`Spacer`,
  columns: msg`Columns`,
  footer: msg`Footer`,
};

/** A block's accessible name: its kind and its position in its list ("Heading 1"). */
export const blockName = (block: Block, index: number) =>
  `${i18n._(kindLabels[block.kind])} ${index + 1}`;
