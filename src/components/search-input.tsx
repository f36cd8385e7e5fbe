import { useLingui } from '@lingui/react/macro';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** A search box that writes to the URL (via `onSearch`) once typing pauses. */
export function SearchInput({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The URL changed underneath (back button, a link): show its value — unless it is just
  // what is being typed, trimmed.
  if (value !== synced) {
    setSynced(value);
    if (value !== text.trim()) setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onSearch(next), 300);
  return (
    <TextInput
      label={label}
      type="search"
      value={text}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t`Clear search`}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(text);
      }}
      maw={420}
    />
  );
}
