import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { choosableColumns, DEFAULT_COLUMNS, toggleColumn, type FieldInfo } from '../columns';

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
  const shown = new Set(chosen ?? DEFAULT_COLUMNS);
  const options = choosableColumns(fields);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={8} role="group" aria-label="Shown columns" pr="sm">
            <Text size="xs" c="dimmed">
              The email is always shown.
            </Text>
            {options.map((f) => (
              <Checkbox
                key={f.name}
                label={f.custom ? `${f.label} (custom)` : f.label}
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
              Reset to default columns
            </Button>
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
