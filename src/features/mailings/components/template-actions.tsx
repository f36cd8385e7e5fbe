import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
    onSuccess: (template) => {
      const saved = template.name;
      notifySuccess(t`Template “${saved}” saved.`);
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
        <Trans>Save as template</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Save as template`}>
        <DialogForm
          onSubmit={() => {
            if (name.trim()) save.mutate();
          }}
        >
          <Stack>
            <TextInput
              label={t`Template name`}
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={save.error ? t`The template could not be saved.` : undefined}
            />
            <Checkbox
              label={t`Only for this list`}
              checked={onlyList && listId !== undefined}
              disabled={listId === undefined}
              onChange={(e) => setOnlyList(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                <Trans>Save template</Trans>
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
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string | null>(null);
  const templates = useQuery(mailingQueries.templates(listId));
  const open = useMutation({
    mutationFn: (id: number) => getTemplate(id),
    onSuccess: (template) =>
      onOpen(
        template.name,
        template.layout.zip_file ? fromZipDataUri(template.layout.zip_file) : undefined,
        template.layout.text,
      ),
  });
  if (!templates.data?.supported || templates.data.data.results.length === 0) return null;
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={t`Start from a template`}
        placeholder={t`Choose a template`}
        data={templates.data.data.results.map((template) => {
          const name = template.name;
          return {
            value: String(template.id),
            label: template.list === null ? name : t`${name} (this list)`,
          };
        })}
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
        <Trans>Use template</Trans>
      </Button>
    </Group>
  );
}
