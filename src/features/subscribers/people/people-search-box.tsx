import { useLingui } from '@lingui/react/macro';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { searchSupportQuery } from './search-support-query';

/**
 * The header's "find people" box, on every screen: searches every list on Enter. On a phone
 * it is a button to the people screen, which has the same box. Hidden when the API lacks
 * the people extension.
 */
export function PeopleSearchBox() {
  const { t } = useLingui();
  const supported = useQuery(searchSupportQuery()).data;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  if (supported !== true) return null;
  return (
    <>
      <form
        role="search"
        aria-label={t`Find people in all lists`}
        onSubmit={(e) => {
          e.preventDefault();
          const search = text.trim();
          if (search) void navigate(`/people?search=${encodeURIComponent(search)}`);
        }}
      >
        <TextInput
          visibleFrom="sm"
          aria-label={t`Find people`}
          type="search"
          size="sm"
          placeholder={t`Find people in all lists`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={260}
        />
      </form>
      <ActionIcon
        hiddenFrom="sm"
        component={Link}
        to="/people"
        variant="default"
        size="lg"
        aria-label={t`Find people`}
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
