import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconEdit, IconMailOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { displayValue, FALLBACK_FIELDS, fieldOptionLabel } from '../columns';
import { formatDateTime } from '../../../lib/format';
import { useSubscribersList } from '../list-context';
import { subscriberQueries } from '../queries';
import { stateExplanation } from '../states';
import { SubscriberBreadcrumbs } from './breadcrumbs';
import { LanguageName, RegionName } from './reference-names';
import { useSingleAction } from './single-action';
import { StateBadge } from './state-badge';
import { SubscriberHistory } from './subscriber-history';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** `7 Dec 2026, 19:45 by user #3`: when, and who when the server knows. */
function Changed({ at, user }: { at: string; user: number | null }) {
  const when = formatDateTime(at);
  return user === null ? (
    when
  ) : (
    <Trans>
      {when} by user #{user}
    </Trans>
  );
}

/** One subscriber (a deep link): every field, who created and changed it when, actions. */
export function SubscriberPage({ subscriberId }: { subscriberId: number }) {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const base = `/lists/${list.id}/subscribers`;
  const query = useQuery(subscriberQueries.detail(list.id, subscriberId));
  const fields = useQuery(subscriberQueries.fields(list.id)).data ?? FALLBACK_FIELDS;
  const single = useSingleAction(list.id);
  const s = query.data;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!s) return <DetailSkeleton />;
  const state = s.subscription;
  const shown = fields.filter((f) => !f.readOnly && f.name !== 'email');
  const busy = single.isRunning(s.id);
  return (
    <>
      <PageHeader
        title={s.email}
        above={<SubscriberBreadcrumbs />}
        actions={
          <>
            <Button
              component={Link}
              to={`${base}/${s.id}/edit`}
              leftSection={<IconEdit size={16} />}
            >
              <Trans>Edit</Trans>
            </Button>
            <Button
              variant="default"
              leftSection={<IconCircleCheck size={16} />}
              disabled={state === 'active' || busy}
              onClick={() => single.request(s, 'activate')}
            >
              <Trans>Activate</Trans>
            </Button>
            <Button
              variant="default"
              leftSection={<IconMailOff size={16} />}
              disabled={state === 'unsubscribed' || busy}
              onClick={() => single.request(s, 'unsubscribe')}
            >
              <Trans>Unsubscribe</Trans>
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={state === 'deleted' || busy}
              onClick={() => single.request(s, 'delete')}
            >
              <Trans>Delete</Trans>
            </Button>
          </>
        }
      />
      <Stack>
        <Card withBorder>
          <Group gap="sm" align="center">
            <Text fw={600} size="sm">
              <Trans>Subscription</Trans>
            </Text>
            <StateBadge state={state} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {stateExplanation(state)}
          </Text>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            <Trans>Fields</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((f) => {
              const value = displayValue(f, s[f.name]);
              const builtIn = !f.custom && value !== '';
              return (
                <Item key={f.name} label={fieldOptionLabel(f)}>
                  {builtIn && f.name === 'language' ? (
                    <LanguageName code={value} />
                  ) : builtIn && f.name === 'region' ? (
                    <RegionName code={value} />
                  ) : (
                    value || '—'
                  )}
                </Item>
              );
            })}
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Item label={t`Created`}>
              <Changed at={s.create_datetime} user={s.create_user} />
            </Item>
            <Item label={t`Updated`}>
              <Changed at={s.update_datetime} user={s.update_user} />
            </Item>
            <Item label={t`ID`}>{s.id}</Item>
          </SimpleGrid>
        </Card>
        <SubscriberHistory listId={list.id} subscriberId={s.id} />
      </Stack>
      {single.dialogs}
    </>
  );
}
