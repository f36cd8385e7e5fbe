import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import {
  choosableColumns,
  DEFAULT_COLUMNS,
  fieldOptionLabel,
  toggleColumn,
  type FieldInfo,
} from '../columns';

/** Which columns the table shows (built-in and custom fields); the choice lives in the URL. */
export function ColumnChooser({
  fields,
  chosen,
  onChange,
}: {
  fields: readonly FieldInfo[];
  chosen: string[] | null;
  onChange: (columns: string[] | null) => void;
}) {
  const { t } = useLingui();
  const shown = new Set(chosen ?? DEFAULT_COLUMNS);
  const options = choosableColumns(fields);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          <Trans>Columns</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={8} role="group" aria-label={t`Shown columns`} pr="sm">
            <Text size="xs" c="dimmed">
              <Trans>The email is always shown.</Trans>
            </Text>
            {options.map((f) => (
              <Checkbox
                key={f.name}
                label={fieldOptionLabel(f)}
                checked={shown.has(f.name)}
                onChange={() => onChange(toggleColumn(chosen, f.name))}
              />
            ))}
            <Button
              variant="subtle"
              size="xs"
              onClick={() => onChange(null)}
              disabled={chosen === null}
            >
              <Trans>Reset to default columns</Trans>
            </Button>
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
