import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useMemo } from 'react';

/** The browser's IANA zone: a new automation's hours are where its author is. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The zones this browser knows, with UTC (absent from some engines' list) and the current
 * value (the server's canonical name may be one this browser spells differently).
 */
function timeZoneOptions(current: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (current) zones.add(current);
  return [...zones];
}

export type TimeZoneSelectProps = {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
};

/** A searchable choice of IANA time zone, labelled "Time zone". */
export function TimeZoneSelect({ value, onChange, disabled, error }: TimeZoneSelectProps) {
  const { t } = useLingui();
  const data = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label={t`Time zone`}
      description={t`Of the trigger's hour and of waits until a time`}
      searchable
      allowDeselect={false}
      disabled={disabled}
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? value)}
      error={error}
      limit={50}
    />
  );
}
