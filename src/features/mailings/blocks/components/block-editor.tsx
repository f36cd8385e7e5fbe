import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Collapse, Group, Stack, Text } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { IconArrowBackUp, IconArrowForwardUp, IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { blockKinds, type Block } from '../../../../../contract/block-document';
import { newBlock } from '../document';
import {
  addBlock,
  duplicateBlock,
  moveBlock,
  moveBlockTo,
  removeBlock,
  setColumnCount,
  updateBlock,
} from '../operations';
import type { useBlockDocument } from '../use-block-document';
import { BlockFields } from './block-fields';
import { BlockItem } from './block-item';
import { AddBlockMenu } from './add-block-menu';
import { blockName } from './block-labels';
import { ColumnsFields } from './columns-fields';
import { StylesPanel } from './styles-panel';

export type Editor = ReturnType<typeof useBlockDocument>;

/** Renders a list of blocks (the document's, or a column's) with their actions. */
export function BlockList({
  blocks,
  editor,
  draggable,
}: {
  blocks: readonly Block[];
  editor: Editor;
  draggable: boolean;
}) {
  const movable = blocks.filter((b) => b.kind !== 'footer').length;
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        const name = blockName(block, index);
        const update = (patch: Record<string, unknown>) =>
          editor.change(
            (doc) => updateBlock(doc, block.id, patch),
            `${block.id}:${Object.keys(patch).join()}`,
          );
        return (
          <BlockItem
            key={block.id}
            block={block}
            name={name}
            draggable={draggable}
            canMoveUp={index > 0}
            canMoveDown={index < movable - 1}
            onMove={(delta) => editor.change((doc) => moveBlock(doc, block.id, delta))}
            onDuplicate={() => editor.change((doc) => duplicateBlock(doc, block.id))}
            onRemove={() => editor.change((doc) => removeBlock(doc, block.id))}
          >
            {block.kind === 'columns' ? (
              <ColumnsFields
                block={block}
                name={name}
                renderList={(blocks) => (
                  <BlockList blocks={blocks} editor={editor} draggable={false} />
                )}
                onCount={(n) => editor.change((doc) => setColumnCount(doc, block.id, n))}
                onAdd={(column, kind) =>
                  editor.change((doc) =>
                    addBlock(doc, newBlock(kind), { columnsId: block.id, column }),
                  )
                }
              />
            ) : (
              <BlockFields
                block={block}
                name={name}
                onChange={update}
                onImage={editor.addImage}
                imageUrl={editor.imageUrl}
              />
            )}
          </BlockItem>
        );
      })}
    </Stack>
  );
}

/**
 * The block editor: Add block, undo/redo, global styles, and the blocks — dragged by their
 * handle (pointer or keyboard: Space, arrows, Space) or moved with their up/down buttons.
 */
export function BlockEditor({ editor, variantLabel }: { editor: Editor; variantLabel: string }) {
  const { t } = useLingui();
  const example = '{{ first_name | default: "there" }}';
  const [stylesOpen, setStylesOpen] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { doc } = editor;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = doc.blocks.findIndex((b) => b.id === over.id);
    if (to >= 0) editor.change((d) => moveBlockTo(d, String(active.id), to));
  };
  return (
    <Stack gap="sm" aria-label={t`Blocks of the ${variantLabel} layout`} role="region">
      <Group gap="xs">
        <AddBlockMenu
          label={t`Add block`}
          kinds={blockKinds}
          onAdd={(kind) => editor.change((d) => addBlock(d, newBlock(kind)))}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={!editor.canUndo}
          onClick={editor.undo}
        >
          <Trans>Undo</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowForwardUp size={14} />}
          disabled={!editor.canRedo}
          onClick={editor.redo}
        >
          <Trans>Redo</Trans>
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPalette size={14} />}
          aria-expanded={stylesOpen}
          onClick={() => setStylesOpen((o) => !o)}
        >
          <Trans>Styles</Trans>
        </Button>
      </Group>
      <Collapse expanded={stylesOpen}>
        <StylesPanel
          styles={doc.styles}
          onChange={(patch) =>
            editor.change(
              (d) => ({ ...d, styles: { ...d.styles, ...patch } }),
              `styles:${Object.keys(patch).join()}`,
            )
          }
        />
      </Collapse>
      <Text size="xs" c="dimmed">
        <Trans>
          Personalise with tags such as {example} or a custom field’s name; each recipient gets
          their own value.
        </Trans>
      </Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={doc.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <BlockList blocks={doc.blocks} editor={editor} draggable />
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
