import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { referenceQueries } from '../../api/shared-queries';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  /** An ISO-3166-1 or -2 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
};

/** Countries and subdivisions, searched on the server as the user types. */
export function RegionCombobox({ value, onChange, ...props }: Props) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useQuery({
    ...referenceQueries.regionPage({ search: debounced, page_size: 30 }),
    enabled: debounced.length > 0,
  });
  const current = useQuery({ ...referenceQueries.region(value), enabled: value !== '' });
  const options = useMemo(() => {
    const list = (data?.results ?? []).map((r) => ({
      value: r.code,
      label: `${r.name} (${r.code})`,
    }));
    if (value && !list.some((o) => o.value === value)) {
      list.unshift({
        value,
        label: current.data ? `${current.data.name} (${current.data.code})` : value,
      });
    }
    return list;
  }, [data, value, current.data]);
  return (
    <Select
      searchable
      clearable
      data={options}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name and country; show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        debounced ? (isFetching ? t`Searching…` : t`No region matches`) : t`Type to search`
      }
      placeholder={t`Search a country or region`}
      {...props}
    />
  );
}
