import type { Block, BlockDocument, LeafBlock } from '../../../../contract/block-document';
import { newId } from './document';

/**
 * Edits of a block document, by block id, wherever the block sits (the document or one of
 * a Columns block's columns). Each returns a new document; the footer stays last and stays.
 */
type Container = Block[];

/** Applies `edit` to the one list (top level or a column) that holds `id`. */
function inContainerOf(doc: BlockDocument, id: string, edit: (list: Container) => Container) {
  const visit = (list: Container): Container => {
    if (list.some((b) => b.id === id)) return edit(list);
    return list.map((b) =>
      b.kind === 'columns' ? { ...b, columns: b.columns.map((c) => visit(c) as LeafBlock[]) } : b,
    );
  };
  return { ...doc, blocks: visit(doc.blocks) };
}

const footerIndex = (list: Container) => list.findIndex((b) => b.kind === 'footer');

/** Adds a block at the end of the document (before the footer) or of a column. */
export function addBlock(
  doc: BlockDocument,
  block: Block,
  into?: { columnsId: string; column: number },
): BlockDocument {
  if (into) {
    return {
      ...doc,
      blocks: doc.blocks.map((b) =>
        b.id === into.columnsId && b.kind === 'columns' && block.kind !== 'columns'
          ? {
              ...b,
              columns: b.columns.map((c, i) =>
                i === into.column ? [...c, block as LeafBlock] : c,
              ),
            }
          : b,
      ),
    };
  }
  const at = footerIndex(doc.blocks);
  const blocks = [...doc.blocks];
  blocks.splice(at < 0 ? blocks.length : at, 0, block);
  return { ...doc, blocks };
}

/** Moves a block to `to` (an index in its own list); the footer and the places after it are fixed. */
export function moveBlockTo(doc: BlockDocument, id: string, to: number): BlockDocument {
  return inContainerOf(doc, id, (list) => {
    const from = list.findIndex((b) => b.id === id);
    const footer = footerIndex(list);
    const last = (footer < 0 ? list.length : footer) - 1;
    if (list[from]!.kind === 'footer' || to < 0 || to > last || to === from) return list;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    return next;
  });
}

/** Moves a block one place up (-1) or down (+1). */
export function moveBlock(doc: BlockDocument, id: string, delta: -1 | 1): BlockDocument {
  const index = positionOf(doc, id);
  return index === undefined ? doc : moveBlockTo(doc, id, index.index + delta);
}

const copy = (block: Block): Block =>
  block.kind === 'columns'
    ? {
        ...block,
        id: newId(),
        columns: block.columns.map((c) => c.map((b) => copy(b) as LeafBlock)),
      }
    : { ...block, id: newId() };

/** Puts a copy (new ids) right after the block; the footer is never copied. */
export function duplicateBlock(doc: BlockDocument, id: string): BlockDocument {
  return inContainerOf(doc, id, (list) => {
    const at = list.findIndex((b) => b.id === id);
    if (list[at]!.kind === 'footer') return list;
    const next = [...list];
    next.splice(at + 1, 0, copy(list[at]!));
    return next;
  });
}

/** Removes a block (never the footer). */
export const removeBlock = (doc: BlockDocument, id: string): BlockDocument =>
  inContainerOf(doc, id, (list) => list.filter((b) => b.id !== id || b.kind === 'footer'));

/** Changes some members of a block. */
export const updateBlock = <B extends Block>(
  doc: BlockDocument,
  id: string,
  patch: Partial<Omit<B, 'id' | 'kind'>>,
): BlockDocument =>
  inContainerOf(doc, id, (list) =>
    list.map((b) => (b.id === id ? ({ ...b, ...patch } as Block) : b)),
  );

/** Sets a Columns block to 2 or 3 columns; a removed third column's blocks go to the second. */
export function setColumnCount(doc: BlockDocument, id: string, count: 2 | 3): BlockDocument {
  return inContainerOf(doc, id, (list) =>
    list.map((b) => {
      if (b.id !== id || b.kind !== 'columns' || b.columns.length === count) return b;
      if (count === 3) return { ...b, columns: [...b.columns, []] };
      const [a, second, third] = b.columns;
      return { ...b, columns: [a!, [...second!, ...(third ?? [])]] };
    }),
  );
}

/** Where a block is: its index and how many blocks its list has (footer excluded). */
export function positionOf(doc: BlockDocument, id: string) {
  const find = (list: Container): { index: number; movable: number } | undefined => {
    const index = list.findIndex((b) => b.id === id);
    if (index >= 0) {
      const footer = footerIndex(list);
      return { index, movable: footer < 0 ? list.length : footer };
    }
    for (const b of list) {
      if (b.kind !== 'columns') continue;
      for (const c of b.columns) {
        const found = find(c);
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(doc.blocks);
}
