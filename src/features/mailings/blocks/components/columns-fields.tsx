import { Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  blockKinds,
  type ColumnKind,
  type ColumnsBlock,
  type LeafBlock,
} from '../../../../../contract/block-document';
import { AddBlockMenu } from './add-block-menu';

const columnKinds = blockKinds.filter((k): k is ColumnKind => k !== 'columns');

/** A Columns block: 2 or 3 columns, each with its own blocks (stacked under 480 px in mail). */
export function ColumnsFields({
  block,
  name,
  renderList,
  onCount,
  onAdd,
}: {
  block: ColumnsBlock;
  name: string;
  renderList: (blocks: LeafBlock[]) => ReactNode;
  onCount: (n: 2 | 3) => void;
  onAdd: (column: number, kind: ColumnKind) => void;
}) {
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={`${name} column count`}
        value={String(block.columns.length)}
        onChange={(v) => onCount(v === '3' ? 3 : 2)}
        data={[
          { value: '2', label: '2 columns' },
          { value: '3', label: '3 columns' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 1, md: block.columns.length }}>
        {block.columns.map((blocks, column) => (
          <Paper
            key={column}
            withBorder
            p="xs"
            role="group"
            aria-label={`Column ${column + 1}`}
            bg="var(--mantine-color-gray-0)"
          >
            <Stack gap="xs">
              <Text size="xs" fw={600}>
                Column {column + 1}
              </Text>
              {renderList(blocks)}
              <AddBlockMenu
                label={`Add block to column ${column + 1}`}
                kinds={columnKinds}
                onAdd={(kind) => onAdd(column, kind as ColumnKind)}
              />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
