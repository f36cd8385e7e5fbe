import {
  Autocomplete,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { describeError, fieldErrors } from '../../../api/errors';
import type { ComposerValues } from '../draft/composer-values';
import { mailingQueries, useCreateCampaign } from '../queries';
import { formatPeople } from '../../../lib/format';

/**
 * The campaign, picked by name or created on the spot. Where the API has no campaigns
 * (proxy mode), it stays the id field the spec knows, with the ids in use suggested.
 */
export function CampaignPicker() {
  const { t } = useLingui();
  const { control, setValue } = useFormContext<ComposerValues>();
  const named = useQuery(mailingQueries.namedCampaigns());
  const ids = useQuery({ ...mailingQueries.campaigns(), enabled: named.data?.supported === false });
  const create = useCreateCampaign();
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string>();

  if (named.data && !named.data.supported) {
    return (
      <Controller
        control={control}
        name="campaign"
        render={({ field, fieldState }) => (
          <Autocomplete
            label={t`Campaign`}
            description={t`Optional: a campaign id. Campaigns of existing mailings are suggested.`}
            data={(ids.data ?? []).map(String)}
            inputMode="numeric"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
    );
  }

  const campaigns = named.data?.data ?? [];
  const createNamed = () => {
    setNewError(undefined);
    create.mutate(
      { name: newName },
      {
        onSuccess: (campaign) => {
          setValue('campaign', String(campaign.id), { shouldDirty: true, shouldValidate: true });
          setNewName('');
        },
        onError: (err) => setNewError(fieldErrors(err).name?.join(' ') ?? describeError(err)),
      },
    );
  };
  return (
    <Stack gap={4}>
      <Controller
        control={control}
        name="campaign"
        render={({ field, fieldState }) => (
          <Select
            label={t`Campaign`}
            description={t`Optional: the campaign this mailing belongs to.`}
            placeholder={named.isPending ? t`Loading campaigns…` : t`No campaign`}
            searchable
            clearable
            data={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            nothingFoundMessage={t`No campaign matches; create it below`}
          />
        )}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t`New campaign`}
          placeholder={t`Name of a new campaign`}
          value={newName}
          onChange={(e) => setNewName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (newName.trim()) createNamed();
            }
          }}
          error={newError}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          onClick={createNamed}
          disabled={!newName.trim()}
          loading={create.isPending}
        >
          {t`Create campaign`}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The segments of the chosen list, picked by name with their reach. Where the API has no
 * segments (proxy mode), they stay the ids the spec knows.
 */
export function SegmentPicker({ listId }: { listId: number | undefined }) {
  const { t } = useLingui();
  const { control } = useFormContext<ComposerValues>();
  const segments = useQuery({
    ...mailingQueries.segments(listId ?? 0),
    enabled: listId !== undefined,
  });
  if (segments.data && !segments.data.supported) {
    return (
      <Controller
        control={control}
        name="segments"
        render={({ field, fieldState }) => (
          <TagsInput
            label={t`Segments`}
            description={t`Optional: segment ids. Press Enter after each.`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            splitChars={[',', ' ']}
            clearable
            error={fieldState.error?.message}
          />
        )}
      />
    );
  }
  const options = (segments.data?.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name} (${formatPeople(s.count)})`,
  }));
  return (
    <Controller
      control={control}
      name="segments"
      render={({ field, fieldState }) => (
        <MultiSelect
          label={t`Segments`}
          description={
            listId === undefined
              ? t`Choose a list first.`
              : t`Optional: send only to people in any of these segments of the list.`
          }
          placeholder={options.length ? t`Whole list` : undefined}
          disabled={listId === undefined}
          searchable
          clearable
          data={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          nothingFoundMessage={t`No segment matches`}
        />
      )}
    />
  );
}
