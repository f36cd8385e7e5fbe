import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { isIsoDate } from '../view-params';

/**
 * A native date input that commits only complete, plausible dates. While a year is being
 * typed the browser reports 0002, 0020, 0202, 2025…; committing those would send the
 * analyst to the year 2 and rewrite the URL on every key.
 */
export function DateField({
  label,
  value,
  onCommit,
  min,
  max,
}: {
  label: string;
  value: string;
  onCommit: (date: string) => void;
  min?: string;
  max?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextInput
      type="date"
      label={label}
      w={170}
      value={draft ?? value}
      min={min}
      max={max}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        if (isIsoDate(raw) && raw >= '2000-01-01' && raw <= '2999-12-31') {
          setDraft(null);
          if (raw !== value) onCommit(raw);
        } else setDraft(raw);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
