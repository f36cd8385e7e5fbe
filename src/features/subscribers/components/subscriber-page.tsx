import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconEdit, IconMailOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { displayValue, FALLBACK_FIELDS } from '../columns';
import { useSubscribersList } from '../list-context';
import { subscriberQueries } from '../queries';
import { stateExplanations } from '../states';
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

const when = (iso: string) => new Date(iso).toLocaleString();
const byUser = (id: number | null) => (id === null ? '' : ` by user #${id}`);

/** One subscriber (a deep link): every field, who created and changed it when, actions. */
export function SubscriberPage({ subscriberId }: { subscriberId: number }) {
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
              Edit
            </Button>
            <Button
              variant="default"
              leftSection={<IconCircleCheck size={16} />}
              disabled={state === 'active' || busy}
              onClick={() => single.request(s, 'activate')}
            >
              Activate
            </Button>
            <Button
              variant="default"
              leftSection={<IconMailOff size={16} />}
              disabled={state === 'unsubscribed' || busy}
              onClick={() => single.request(s, 'unsubscribe')}
            >
              Unsubscribe
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={state === 'deleted' || busy}
              onClick={() => single.request(s, 'delete')}
            >
              Delete
            </Button>
          </>
        }
      />
      <Stack>
        <Card withBorder>
          <Group gap="sm" align="center">
            <Text fw={600} size="sm">
              Subscription
            </Text>
            <StateBadge state={state} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {stateExplanations[state]}
          </Text>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Fields
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((f) => {
              const value = displayValue(f, s[f.name]);
              const builtIn = !f.custom && value !== '';
              return (
                <Item key={f.name} label={f.custom ? `${f.label} (custom)` : f.label}>
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
            <Item label="Created">
              {when(s.create_datetime)}
              {byUser(s.create_user)}
            </Item>
            <Item label="Updated">
              {when(s.update_datetime)}
              {byUser(s.update_user)}
            </Item>
            <Item label="ID">{s.id}</Item>
          </SimpleGrid>
        </Card>
        <SubscriberHistory listId={list.id} subscriberId={s.id} />
      </Stack>
      {single.dialogs}
    </>
  );
}
