import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { statisticsQueries } from '../queries';

/** Where the people behind a number are listed (a segment filter on engagement). */
export const peoplePath = (listId: number, mailing: number, action: string, url?: string) =>
  `/lists/${listId}/people?${new URLSearchParams({ mailing: String(mailing), action, ...(url ? { url } : {}) })}`;

/**
 * From the charts to the people: who opened, clicked (overall and per link) or bounced each
 * chosen mailing. Needs the single-mailing endpoint (for the mailing's list); hidden without.
 */
export function PeopleLinks({
  mailings,
  names,
  urls,
}: {
  mailings: number[];
  names: Map<number, string>;
  urls: string[];
}) {
  const { t } = useLingui();
  if (!mailings.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t`People behind the numbers`}>
      {mailings.map((id) => (
        <MailingPeople key={id} id={id} name={names.get(id) ?? t`Mailing`} urls={urls} />
      ))}
    </Stack>
  );
}

function MailingPeople({ id, name, urls }: { id: number; name: string; urls: string[] }) {
  const { t } = useLingui();
  const mailing = useQuery(statisticsQueries.mailing(id));
  if (!mailing.data?.supported) return null;
  const listId = mailing.data.data.list;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={peoplePath(listId, id, 'opened')}>
          <Trans>People who opened</Trans>
        </Anchor>
        <Anchor component={Link} to={peoplePath(listId, id, 'clicked')}>
          <Trans>People who clicked</Trans>
        </Anchor>
        <Anchor component={Link} to={peoplePath(listId, id, 'bounced')}>
          <Trans>People who bounced</Trans>
        </Anchor>
      </Group>
      {urls.length > 0 && (
        <Group gap="md">
          {urls.slice(0, 10).map((url) => {
            const link = url.replace(/^https?:\/\//, '');
            const shown = t`Clicked ${link}`;
            // WCAG 2.5.3 (label in name): the accessible name starts with the visible text,
            // so a speech user can say what they see; the mailing is added for screen readers.
            return (
              <Anchor
                key={url}
                component={Link}
                to={peoplePath(listId, id, 'clicked', url)}
                size="sm"
                aria-label={t`${shown} in ${name}`}
              >
                {shown}
              </Anchor>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
