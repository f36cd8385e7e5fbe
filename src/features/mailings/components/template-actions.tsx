import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { createTemplate, getTemplate } from '../../../api/templates';
import { DialogForm } from '../../../components/dialog-form';
import { notifySuccess } from '../../../components/notify';
import { fromZipDataUri } from '../layout/data-uri';
import type { PreparedLayout } from '../layout/layout-process';
import { mailingQueries } from '../queries';

/** "Save as template": the layout as it is, for this list or for every list. */
export function SaveAsTemplate({
  layout,
  listId,
}: {
  layout: PreparedLayout | undefined;
  listId: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [onlyList, setOnlyList] = useState(true);
  const save = useMutation({
    mutationFn: () =>
      createTemplate({
        name: name.trim(),
        list: onlyList ? (listId ?? null) : null,
        layout: { zip_file: layout!.dataUri, ...(layout!.text ? { text: layout!.text } : {}) },
      }),
    onSuccess: (t) => {
      notifySuccess(`Template “${t.name}” saved.`);
      setOpen(false);
      setName('');
    },
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconTemplate size={16} />}
        disabled={!layout?.dataUri}
        onClick={() => setOpen(true)}
      >
        Save as template
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save as template">
        <DialogForm
          onSubmit={() => {
            if (name.trim()) save.mutate();
          }}
        >
          <Stack>
            <TextInput
              label="Template name"
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={save.error ? 'The template could not be saved.' : undefined}
            />
            <Checkbox
              label="Only for this list"
              checked={onlyList && listId !== undefined}
              disabled={listId === undefined}
              onChange={(e) => setOnlyList(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                Save template
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      </Modal>
    </>
  );
}

/** "Start from a template": the gallery of the list's and the global templates. */
export function StartFromTemplate({
  listId,
  onOpen,
}: {
  listId: number | undefined;
  onOpen: (name: string, archive: Uint8Array | undefined, text: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const templates = useQuery(mailingQueries.templates(listId));
  const open = useMutation({
    mutationFn: (id: number) => getTemplate(id),
    onSuccess: (t) =>
      onOpen(
        t.name,
        t.layout.zip_file ? fromZipDataUri(t.layout.zip_file) : undefined,
        t.layout.text,
      ),
  });
  if (!templates.data?.supported || templates.data.data.results.length === 0) return null;
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label="Start from a template"
        placeholder="Choose a template"
        data={templates.data.data.results.map((t) => ({
          value: String(t.id),
          label: t.list === null ? t.name : `${t.name} (this list)`,
        }))}
        value={chosen}
        onChange={setChosen}
        w={260}
      />
      <Button
        variant="default"
        disabled={chosen === null}
        loading={open.isPending}
        onClick={() => chosen && open.mutate(Number(chosen))}
      >
        Use template
      </Button>
    </Group>
  );
}
