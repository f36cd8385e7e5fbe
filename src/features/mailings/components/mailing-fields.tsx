import { Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { List } from '../../../api/lists';
import type { ComposerValues } from '../draft/composer-values';
import { CampaignPicker, SegmentPicker } from './audience-pickers';

type Props = {
  lists: List[] | undefined;
  listsLoading: boolean;
  list: List | undefined;
  onListChange: (id: string) => void;
};

/** The mailing's own fields: list (with the defaults its variants inherit), name, campaign, segments. */
export function MailingFields({ lists, listsLoading, list, onListChange }: Props) {
  const { control, register, formState } = useFormContext<ComposerValues>();
  const { errors } = formState;
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="list"
        render={({ field, fieldState }) => (
          <Select
            label="List"
            withAsterisk
            placeholder={listsLoading ? 'Loading lists…' : 'Choose the list to send to'}
            searchable
            data={(lists ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={field.value || null}
            onChange={(value) => onListChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            allowDeselect={false}
            nothingFoundMessage="No list matches"
          />
        )}
      />
      {list && <ListDefaults list={list} />}
      <TextInput
        label="Name"
        withAsterisk
        description="Unique across all mailings."
        error={errors.name?.message}
        {...register('name')}
      />
      <Group grow align="flex-start">
        <CampaignPicker />
        <SegmentPicker listId={list?.id} />
      </Group>
    </Stack>
  );
}

function ListDefaults({ list }: { list: List }) {
  return (
    <Paper withBorder p="sm" radius="sm" aria-label="Defaults of the list">
      <Text size="sm" fw={500}>
        What a variant gets when its sender fields are left empty
      </Text>
      <Text size="sm">
        From: {list.default_from_name} &lt;{list.default_from_email}&gt;
      </Text>
      <Text size="sm">Reply-to: {list.default_replyto_email || 'none'}</Text>
      <Text size="xs" c="dimmed">
        Languages of this list: {list.languages.join(', ')} (default {list.default_language}).
      </Text>
    </Paper>
  );
}
