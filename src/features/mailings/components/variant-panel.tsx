import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useFormContext } from 'react-hook-form';
import type { List } from '../../../api/lists';
import type { ComposerValues } from '../draft/composer-values';
import type { LayoutState } from '../layout/use-layouts';
import { DeliveriesField } from './deliveries-field';
import { LayoutField } from './layout-field';
import type { ZipInput } from '../layout/zip-build';
import type { EditorDraft } from '../blocks/use-block-document';

type Props = {
  index: number;
  variantLabel: string;
  list: List | undefined;
  layout: LayoutState | undefined;
  onLayoutFiles: (files: File[]) => void;
  onLayoutEntries: (name: string, entries: ZipInput[], problems: string[]) => void;
  editorDrafts: Map<string, EditorDraft>;
  onLayoutOpen: (name: string, data: Uint8Array) => void;
  onLayoutRemove: () => void;
  onRemove: () => void;
};

/** One language variant: subject, sender (list defaults when empty), layout, deliveries. */
export function VariantPanel({
  index,
  variantLabel,
  list,
  layout,
  onLayoutFiles,
  onLayoutEntries,
  editorDrafts,
  onLayoutOpen,
  onLayoutRemove,
  onRemove,
}: Props) {
  const { t } = useLingui();
  const { register, formState, getValues } = useFormContext<ComposerValues>();
  const language = getValues(`variants.${index}.language`);
  const errors = formState.errors.variants?.[index];
  const defaultHint = (value: string | undefined) =>
    !list
      ? t`Empty: the list’s default.`
      : value
        ? t`Empty: the list’s default, “${value}”.`
        : t`Empty: the list’s default, none.`;
  return (
    <Stack gap="md" pt="md">
      {errors?.language?.message && (
        <Alert color="red" role="alert">
          {errors.language.message}
        </Alert>
      )}
      <TextInput
        label={t`Subject`}
        withAsterisk
        error={errors?.subject?.message}
        {...register(`variants.${index}.subject`)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t`From name`}
          placeholder={list?.default_from_name}
          description={defaultHint(list?.default_from_name)}
          error={errors?.from_name?.message}
          {...register(`variants.${index}.from_name`)}
        />
        <TextInput
          label={t`From address`}
          type="email"
          placeholder={list?.default_from_email}
          description={defaultHint(list?.default_from_email)}
          error={errors?.from_email?.message}
          {...register(`variants.${index}.from_email`)}
        />
        <TextInput
          label={t`Reply-to address`}
          type="email"
          placeholder={list?.default_replyto_email || undefined}
          description={defaultHint(list?.default_replyto_email)}
          error={errors?.replyto_email?.message}
          {...register(`variants.${index}.replyto_email`)}
        />
      </SimpleGrid>
      <LayoutField
        index={index}
        variantLabel={variantLabel}
        state={layout}
        onFiles={onLayoutFiles}
        onEntries={onLayoutEntries}
        editorDrafts={editorDrafts}
        onOpen={onLayoutOpen}
        language={language}
        list={list}
        onRemove={onLayoutRemove}
      />
      <DeliveriesField index={index} />
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={onRemove}
        >
          <Trans>Remove the {variantLabel} variant</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
