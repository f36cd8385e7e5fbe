import { Button, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import type { AddableKind } from '../../../../../contract/block-document';
import { kindLabels } from './block-labels';

/** The Add block menu: every addable kind, or those a column may hold. */
export function AddBlockMenu({
  label,
  kinds,
  onAdd,
}: {
  label: string;
  kinds: readonly AddableKind[];
  onAdd: (kind: AddableKind) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.map((kind) => (
          <Menu.Item key={kind} onClick={() => onAdd(kind)}>
            {i18n._(kindLabels[kind])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
