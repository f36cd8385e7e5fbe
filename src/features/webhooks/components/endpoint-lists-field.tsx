import { useLingui } from '@lingui/react/macro';
import { MultiSelect, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listQueries } from '../../../api/shared-queries';

export type EndpointListsFieldProps = {
  /** null: every list. */
  value: number[] | null;
  onChange: (lists: number[] | null) => void;
  error?: string;
  /** The user works on some lists only: it must choose among them (no "Every list"). */
  limited: boolean;
};

/**
 * Which lists' events an endpoint receives (issue 49): every list, or the chosen ones among
 * the lists the user can see.
 */
export function EndpointListsField({ value, onChange, error, limited }: EndpointListsFieldProps) {
  const { t } = useLingui();
  const lists = useQuery(listQueries.everyList());
  // The choice survives a switch to "Every list" and back.
  const [chosen, setChosen] = useState<number[]>(value ?? []);
  const every = value === null && !limited;
  const choose = (ids: string[]) => {
    const next = ids.map(Number);
    setChosen(next);
    onChange(next);
  };
  const select = (
    <MultiSelect
      label={limited ? t`Lists` : t`Chosen lists`}
      description={
        limited
          ? t`Your access is limited to some lists: it receives their events only.`
          : undefined
      }
      withAsterisk={limited}
      searchable
      placeholder={lists.isPending ? t`Loading lists…` : t`Choose lists`}
      nothingFoundMessage={t`No list matches`}
      data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
      value={(value ?? []).map(String)}
      onChange={choose}
      error={error}
    />
  );
  if (limited) return select;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t`Lists`}
        value={every ? 'every' : 'some'}
        onChange={(choice) => onChange(choice === 'every' ? null : chosen)}
        error={every ? error : undefined}
      >
        <Stack gap={6} mt={6}>
          <Radio value="every" label={t`Every list, now and to come`} />
          <Radio value="some" label={t`Only the chosen lists`} />
        </Stack>
      </Radio.Group>
      {!every && select}
    </Stack>
  );
}
