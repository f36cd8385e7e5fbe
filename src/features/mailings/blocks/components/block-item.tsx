import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Block } from '../../../../../contract/block-document';

type Props = {
  block: Block;
  name: string;
  /** Top-level blocks can be dragged; blocks in columns move with the buttons. */
  draggable: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  children: ReactNode;
};

/** One block: a named group with its handle, its actions and its fields. */
export function BlockItem(props: Props) {
  const { t } = useLingui();
  const { block, name, draggable, children } = props;
  const fixed = block.kind === 'footer';
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
    disabled: !draggable || fixed,
  });
  const action = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={name}
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: transition,
        opacity: isDragging ? 0.6 : undefined,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {draggable && !fixed && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t`Drag ${name}`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )}
          <Text fw={600} size="sm">
            {name}
          </Text>
          {fixed && (
            <Text size="xs" c="dimmed">
              — <Trans>in every message, cannot be removed</Trans>
            </Text>
          )}
        </Group>
        {!fixed && (
          <Group gap={0} wrap="nowrap">
            {action(
              t`Move ${name} up`,
              <IconArrowUp size={16} />,
              () => props.onMove(-1),
              !props.canMoveUp,
            )}
            {action(
              t`Move ${name} down`,
              <IconArrowDown size={16} />,
              () => props.onMove(1),
              !props.canMoveDown,
            )}
            {action(t`Duplicate ${name}`, <IconCopy size={16} />, props.onDuplicate)}
            {action(t`Delete ${name}`, <IconTrash size={16} />, props.onRemove)}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
