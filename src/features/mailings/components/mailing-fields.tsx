import { Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { control, register, formState } = useFormContext<ComposerValues>();
  const { errors } = formState;
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="list"
        render={({ field, fieldState }) => (
          <Select
            label={t`List`}
            withAsterisk
            placeholder={listsLoading ? t`Loading lists…` : t`Choose the list to send to`}
            searchable
            data={(lists ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={field.value || null}
            onChange={(value) => onListChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            allowDeselect={false}
            nothingFoundMessage={t`No list matches`}
          />
        )}
      />
      {list && <ListDefaults list={list} />}
      <TextInput
        label={t`Name`}
        withAsterisk
        description={t`Unique across all mailings.`}
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
  const { t } = useLingui();
  const replyTo = list.default_replyto_email || t`none`;
  const languages = list.languages.join(', ');
  const defaultLanguage = list.default_language;
  const fromName = list.default_from_name;
  const fromEmail = list.default_from_email;
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t`Defaults of the list`}>
      <Text size="sm" fw={500}>
        <Trans>What a variant gets when its sender fields are left empty</Trans>
      </Text>
      <Text size="sm">
        <Trans>
          From: {fromName} &lt;{fromEmail}&gt;
        </Trans>
      </Text>
      <Text size="sm">
        <Trans>Reply-to: {replyTo}</Trans>
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>
          Languages of this list: {languages} (default {defaultLanguage}).
        </Trans>
      </Text>
    </Paper>
  );
}
