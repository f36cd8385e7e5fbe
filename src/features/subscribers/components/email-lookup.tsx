import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Exact-email lookup (the API's `email` filter matches whole addresses, in any letter case),
 * so it searches on Enter or the button rather than while typing.
 */
export function EmailLookup({
  value,
  onChange,
}: {
  value: string;
  onChange: (email: string) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The URL changed underneath (back button, a link): show its value.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  return (
    <form
      role="search"
      aria-label={t`Find a subscriber by email`}
      onSubmit={(e) => {
        e.preventDefault();
        onChange(text.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap" maw="100%">
        <TextInput
          label={t`Email address`}
          type="search"
          placeholder={t`exact address, e.g. anna@example.com`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            value || text ? (
              <CloseButton
                aria-label={t`Clear email lookup`}
                onClick={() => {
                  setText('');
                  onChange('');
                }}
              />
            ) : null
          }
          w={320}
          maw="100%"
          style={{ flexShrink: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="default">
          <Trans>Find</Trans>
        </Button>
      </Group>
    </form>
  );
}
