import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../lib/contrast';
import { contrastWarnings } from './contrast';
import { defaultStyles, type BlockDocument } from '../../../../contract/block-document';
import { newBlock, newDocument } from './document';
import { redo, record, startHistory, undo } from './history';
import {
  addBlock,
  duplicateBlock,
  moveBlock,
  removeBlock,
  setColumnCount,
  updateBlock,
} from './operations';

const kinds = (doc: BlockDocument) => doc.blocks.map((b) => b.kind);

describe('block edits', () => {
  it('adds before the footer, moves, duplicates and deletes; the footer stays last', () => {
    let doc = newDocument('Street 1');
    doc = addBlock(doc, newBlock('button'));
    expect(kinds(doc)).toEqual(['heading', 'text', 'button', 'footer']);
    const [heading, , button, footer] = doc.blocks;
    doc = moveBlock(doc, button!.id, -1);
    expect(kinds(doc)).toEqual(['heading', 'button', 'text', 'footer']);
    expect(moveBlock(doc, heading!.id, -1)).toEqual(doc);
    expect(kinds(moveBlock(doc, doc.blocks[2]!.id, 1))).toEqual(kinds(doc)); // not past the footer
    doc = duplicateBlock(doc, heading!.id);
    expect(kinds(doc)).toEqual(['heading', 'heading', 'button', 'text', 'footer']);
    expect(doc.blocks[1]!.id).not.toBe(heading!.id);
    expect(removeBlock(doc, footer!.id)).toEqual(doc);
    expect(duplicateBlock(doc, footer!.id)).toEqual(doc);
    doc = removeBlock(doc, heading!.id);
    expect(kinds(doc)).toEqual(['heading', 'button', 'text', 'footer']);
  });

  it('edits blocks inside columns and changes the column count', () => {
    let doc = addBlock(newDocument(), newBlock('columns'));
    const columns = doc.blocks[2]!;
    if (columns.kind !== 'columns') throw new Error('columns expected');
    doc = addBlock(doc, newBlock('button'), { columnsId: columns.id, column: 1 });
    const inner = (doc.blocks[2] as typeof columns).columns[1]!;
    expect(inner.map((b) => b.kind)).toEqual(['text', 'button']);
    doc = updateBlock(doc, inner[1]!.id, { label: 'Go' });
    doc = moveBlock(doc, inner[1]!.id, -1);
    const moved = (doc.blocks[2] as typeof columns).columns[1]!;
    expect(moved.map((b) => b.kind)).toEqual(['button', 'text']);
    expect(moved[0]).toMatchObject({ label: 'Go' });
    doc = setColumnCount(doc, columns.id, 3);
    expect((doc.blocks[2] as typeof columns).columns).toHaveLength(3);
    doc = setColumnCount(doc, columns.id, 2);
    expect((doc.blocks[2] as typeof columns).columns[1]).toHaveLength(2);
  });

  it('undoes and redoes', () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    h = record(h, 5);
    expect(redo(h).present).toBe(5);
  });

  it('warns about faint colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastWarnings(defaultStyles)).toEqual([]);
    const warnings = contrastWarnings({
      ...defaultStyles,
      buttonTextColor: '#eeeeee',
      buttonColor: '#ffffff',
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Button label: contrast 1\.2:1/);
  });
});
