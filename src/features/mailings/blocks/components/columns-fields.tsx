import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t`${name} column count`}
        value={String(block.columns.length)}
        onChange={(v) => onCount(v === '3' ? 3 : 2)}
        data={[
          { value: '2', label: t`2 columns` },
          { value: '3', label: t`3 columns` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 1, md: block.columns.length }}>
        {block.columns.map((blocks, column) => {
          const number = column + 1;
          return (
            <Paper
              key={column}
              withBorder
              p="xs"
              role="group"
              aria-label={t`Column ${number}`}
              bg="var(--mantine-color-gray-0)"
            >
              <Stack gap="xs">
                <Text size="xs" fw={600}>
                  <Trans>Column {number}</Trans>
                </Text>
                {renderList(blocks)}
                <AddBlockMenu
                  label={t`Add block to column ${number}`}
                  kinds={columnKinds}
                  onAdd={(kind) => onAdd(column, kind as ColumnKind)}
                />
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
