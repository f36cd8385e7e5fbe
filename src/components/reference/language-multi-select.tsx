import { useLingui } from '@lingui/react/macro';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { referenceQueries } from '../../api/shared-queries';

type Props = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  value: string[];
  onChange: (codes: string[]) => void;
};

/** ISO-639-1 languages from the languages endpoint, searchable by name or code. */
export function LanguageMultiSelect({ value, onChange, ...props }: Props) {
  const { t } = useLingui();
  const { data: languages, isPending, error } = useQuery(referenceQueries.allLanguages());
  const data = useMemo(() => {
    const options = (languages ?? []).map((l) => ({
      value: l.code,
      label: `${l.name} (${l.code})`,
    }));
    // Codes the server no longer lists (or not loaded yet) stay visible and removable.
    const known = new Set(options.map((o) => o.value));
    return [...options, ...value.filter((c) => !known.has(c)).map((c) => ({ value: c, label: c }))];
  }, [languages, value]);
  return (
    <MultiSelect
      searchable
      hidePickedOptions
      nothingFoundMessage={t`No language matches`}
      data={data}
      value={value}
      onChange={onChange}
      disabled={isPending && !languages}
      placeholder={
        isPending ? t`Loading languages…` : value.length === 0 ? t`Pick languages` : undefined
      }
      {...props}
      error={props.error ?? (error ? t`Languages could not be loaded.` : undefined)}
    />
  );
}
