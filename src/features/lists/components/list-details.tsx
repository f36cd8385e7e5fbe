import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconEdit,
  IconFileImport,
  IconFilter,
  IconHistory,
  IconRoute,
  IconUsers,
} from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { listQueries } from '../../../api/shared-queries';
import { useCan } from '../../../components/use-can';
import { DeleteListButton } from './delete-list-button';
import { SubscriberCountsCell } from './subscriber-counts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** `actions`: more buttons for the header, from features the app composes in (sign-up forms). */
export function ListDetails({ listId, actions }: { listId: number; actions?: ReactNode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const canManage = useCan('lists:manage', listId);
  const canImport = useCan('imports:run', listId);
  const canSeeAutomations = useCan('automations:read', listId);
  const { data: list, error, refetch } = useQuery(listQueries.detail(listId));
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!list) return <DetailSkeleton />;
  return (
    <>
      <PageHeader
        title={list.name}
        above={<Breadcrumbs items={[{ label: t`Lists`, to: '/lists' }]} />}
        actions={
          <>
            <Button
              component={Link}
              to={`/lists/${list.id}/subscribers`}
              leftSection={<IconUsers size={16} />}
            >
              <Trans>Subscribers</Trans>
            </Button>
            {canImport && (
              <Button
                component={Link}
                to={`/import?list=${list.id}`}
                variant="default"
                leftSection={<IconFileImport size={16} />}
              >
                <Trans>Import CSV</Trans>
              </Button>
            )}
            <Button
              component={Link}
              to={`/lists/${list.id}/imports`}
              variant="default"
              leftSection={<IconHistory size={16} />}
            >
              <Trans>Import history</Trans>
            </Button>
            <Button
              component={Link}
              to={`/lists/${list.id}/segments`}
              variant="default"
              leftSection={<IconFilter size={16} />}
            >
              <Trans>Segments</Trans>
            </Button>
            {canSeeAutomations && (
              <Button
                component={Link}
                to={`/lists/${list.id}/automations`}
                variant="default"
                leftSection={<IconRoute size={16} />}
              >
                <Trans>Automations</Trans>
              </Button>
            )}
            {actions}
            {canManage && (
              <>
                <Button
                  component={Link}
                  to={`/lists/${list.id}/edit`}
                  variant="default"
                  leftSection={<IconEdit size={16} />}
                >
                  <Trans>Edit</Trans>
                </Button>
                <DeleteListButton
                  list={list}
                  onDeleted={() => void navigate('/lists', { replace: true })}
                />
              </>
            )}
          </>
        }
      />
      <Stack>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            <Item label={t`Default sender`}>
              {list.default_from_name} &lt;{list.default_from_email}&gt;
            </Item>
            <Item label={t`Reply-to`}>{list.default_replyto_email || '—'}</Item>
            <Item label={t`Languages`}>
              <Group gap={4}>
                {list.languages.map((code) => (
                  <Badge
                    key={code}
                    size="sm"
                    tt="none"
                    variant={code === list.default_language ? 'filled' : 'light'}
                  >
                    {code}
                    {code === list.default_language ? ` ${t`(default)`}` : ''}
                  </Badge>
                ))}
              </Group>
            </Item>
            {list.double_opt_in !== undefined && (
              <Item label={t`Double opt-in`}>{list.double_opt_in ? t`Yes` : t`No`}</Item>
            )}
            {list.subscriber_counts && (
              <Item label={t`Subscribers`}>
                <SubscriberCountsCell counts={list.subscriber_counts} />
              </Item>
            )}
            <Item label={t`Created`}>{formatDateTime(list.create_datetime)}</Item>
            <Item label={t`Updated`}>{formatDateTime(list.update_datetime)}</Item>
          </SimpleGrid>
        </Card>
      </Stack>
    </>
  );
}
