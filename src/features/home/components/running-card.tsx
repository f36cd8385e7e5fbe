import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Overview } from '../../../api/overview';
import { formatCount, formatDateTime } from '../../../lib/format';
import { HomeCard } from './card';

type Running = NonNullable<Overview['running']>;
type Delivery = NonNullable<Running['deliveries']>[number];

const percent = (done: number, total: number) => (total > 0 ? (done / total) * 100 : 0);

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const done = delivery.sent + delivery.failed;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/mailings/${delivery.mailing}`} size="sm" truncate>
          {delivery.mailing_name}
        </Anchor>
        <Badge variant="light" color={delivery.status === 'paused' ? 'orange' : 'blue'}>
          {delivery.status}
        </Badge>
      </Group>
      {delivery.status === 'scheduled' ? (
        <Text size="xs" c="dimmed">
          Starts {formatDateTime(delivery.scheduled_datetime)}
        </Text>
      ) : (
        <>
          <Progress
            value={percent(done, delivery.total)}
            aria-label={`Progress of ${delivery.mailing_name}`}
            size="sm"
          />
          <Text size="xs" c="dimmed">
            {formatCount(delivery.sent)} of {formatCount(delivery.total)} sent
            {delivery.failed > 0 ? `, ${formatCount(delivery.failed)} failed` : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Deliveries with live progress, automations with runs waiting, imports in progress. */
export function RunningCard({ running }: { running: Running }) {
  const { deliveries = [], automations = [], imports = [] } = running;
  const nothing = deliveries.length + automations.length + imports.length === 0;
  return (
    <HomeCard title="Running and scheduled">
      {nothing ? (
        <Text size="sm" c="dimmed">
          Nothing is sending, waiting or importing right now.
        </Text>
      ) : (
        <Stack gap="md">
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
          {automations.map((a) => (
            <Group key={a.id} justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/lists/${a.list}/automations/${a.id}`} size="sm">
                {a.name}
              </Anchor>
              <Text size="sm">
                {formatCount(a.waiting)} {a.waiting === 1 ? 'run' : 'runs'} waiting
              </Text>
            </Group>
          ))}
          {imports.map((i) => (
            <Stack key={i.id} gap={4}>
              <Anchor component={Link} to={`/lists/${i.list}/imports/${i.id}`} size="sm">
                Import of {i.file}
              </Anchor>
              <Progress
                value={i.total_rows ? percent(i.processed_rows, i.total_rows) : 0}
                aria-label={`Progress of the import of ${i.file}`}
                size="sm"
              />
              <Text size="xs" c="dimmed">
                {i.status === 'queued' ? 'Queued' : `${formatCount(i.processed_rows)} rows read`}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}
