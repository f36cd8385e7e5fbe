import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Menu, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useFormContext, type FieldArrayWithId } from 'react-hook-form';
import type { List } from '../../../api/lists';
import type { ComposerValues } from '../draft/composer-values';
import { languageLabel } from '../language-names';
import type { LayoutStates } from '../layout/use-layouts';
import type { EditorDraft } from '../blocks/use-block-document';
import type { LayoutEntriesHandler } from './blocks-layout';
import { VariantPanel } from './variant-panel';

type Props = {
  fields: FieldArrayWithId<ComposerValues, 'variants', 'key'>[];
  list: List | undefined;
  active: string | null;
  onActiveChange: (language: string) => void;
  onAdd: (language: string) => void;
  onRemove: (index: number) => void;
  layouts: LayoutStates;
  onLayoutFiles: (language: string, files: File[]) => void;
  onLayoutEntries: LayoutEntriesHandler;
  onLayoutOpen: (language: string, name: string, data: Uint8Array) => void;
  editorDrafts: Map<string, EditorDraft>;
  onLayoutRemove: (language: string) => void;
};

/** One tab per language variant; languages come from the list, each at most once. */
export function VariantTabs(props: Props) {
  const { fields, list, active, onActiveChange, onAdd, onRemove, layouts } = props;
  const { t } = useLingui();
  const { formState } = useFormContext<ComposerValues>();
  const variantErrors = formState.errors.variants;
  const used = new Set(fields.map((f) => f.language));
  const addable = (list?.languages ?? []).filter((code) => !used.has(code));
  const current = fields.some((f) => f.language === active)
    ? active
    : (fields[0]?.language ?? null);

  const addMenu = (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!list || addable.length === 0}
        >
          <Trans>Add language</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {addable.map((code) => (
          <Menu.Item key={code} onClick={() => onAdd(code)}>
            {languageLabel(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  if (!list)
    return (
      <Text c="dimmed">
        <Trans>Choose a list first: its languages decide the variants.</Trans>
      </Text>
    );
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={500}>
          <Trans>Variants</Trans>
        </Text>
        {addMenu}
      </Group>
      {variantErrors?.root?.message || variantErrors?.message ? (
        <Alert color="red" role="alert" mb="sm">
          {variantErrors.root?.message ?? variantErrors.message}
        </Alert>
      ) : null}
      {fields.length > 0 && (
        <Tabs value={current} onChange={(v) => v && onActiveChange(v)} keepMounted={false}>
          <Tabs.List>
            {fields.map((f, i) => (
              <Tabs.Tab
                key={f.key}
                value={f.language}
                color={variantErrors?.[i] ? 'red' : undefined}
                rightSection={
                  variantErrors?.[i] ? (
                    <IconAlertCircle size={14} color="red" aria-label={t`needs attention`} />
                  ) : null
                }
              >
                {languageLabel(f.language)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {fields.map((f, i) => (
            <Tabs.Panel key={f.key} value={f.language}>
              <VariantPanel
                index={i}
                variantLabel={languageLabel(f.language)}
                list={list}
                layout={layouts[f.language]}
                onLayoutFiles={(files) => props.onLayoutFiles(f.language, files)}
                onLayoutEntries={(name, entries, problems) =>
                  props.onLayoutEntries(f.language, name, entries, problems)
                }
                editorDrafts={props.editorDrafts}
                onLayoutOpen={(name, data) => props.onLayoutOpen(f.language, name, data)}
                onLayoutRemove={() => props.onLayoutRemove(f.language)}
                onRemove={() => onRemove(i)}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </div>
  );
}
