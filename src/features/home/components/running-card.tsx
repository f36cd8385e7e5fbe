import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from '../../../components/link';
import type { Overview } from '../../../api/overview';
import { formatCount, formatDateTime } from '../../../lib/format';
import { HomeCard } from './card';

type Running = NonNullable<Overview['running']>;
type Delivery = NonNullable<Running['deliveries']>[number];

const percent = (done: number, total: number) => (total > 0 ? (done / total) * 100 : 0);

const STATUS: Record<string, MessageDescriptor> = {
  scheduled: msg`scheduled`,
  running: msg`running`,
  paused: msg`paused`,
  queued: msg`queued`,
};

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useLingui();
  const done = delivery.sent + delivery.failed;
  const name = delivery.mailing_name;
  const sent = formatCount(delivery.sent);
  const total = formatCount(delivery.total);
  const failed = formatCount(delivery.failed);
  const status = STATUS[delivery.status];
  const startsAt = formatDateTime(delivery.scheduled_datetime);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/mailings/${delivery.mailing}`} size="sm" truncate>
          {delivery.mailing_name}
        </Anchor>
        <Badge variant="light" color={delivery.status === 'paused' ? 'orange' : 'blue'}>
          {status ? i18n._(status) : delivery.status}
        </Badge>
      </Group>
      {delivery.status === 'scheduled' ? (
        <Text size="xs" c="dimmed">
          <Trans>Starts {startsAt}</Trans>
        </Text>
      ) : (
        <>
          <Progress
            value={percent(done, delivery.total)}
            aria-label={t`Progress of ${name}`}
            size="sm"
          />
          <Text size="xs" c="dimmed">
            {delivery.failed > 0
              ? t`${sent} of ${total} sent, ${failed} failed`
              : t`${sent} of ${total} sent`}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Deliveries with live progress, automations with runs waiting, imports in progress. */
export function RunningCard({ running }: { running: Running }) {
  const { deliveries = [], automations = [], imports = [] } = running;
  const { t } = useLingui();
  const nothing = deliveries.length + automations.length + imports.length === 0;
  return (
    <HomeCard title={t`Running and scheduled`}>
      {nothing ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing is sending, waiting or importing right now.</Trans>
        </Text>
      ) : (
        <Stack gap="md">
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
          {automations.map(({ id, list, name, waiting }) => (
            <Group key={id} justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/lists/${list}/automations/${id}`} size="sm">
                {name}
              </Anchor>
              <Text size="sm">
                {plural(waiting, { one: '# run waiting', other: '# runs waiting' })}
              </Text>
            </Group>
          ))}
          {imports.map(({ id, list, file, status, total_rows, processed_rows }) => (
            <Stack key={id} gap={4}>
              <Anchor component={Link} to={`/lists/${list}/imports/${id}`} size="sm">
                <Trans>Import of {file}</Trans>
              </Anchor>
              <Progress
                value={total_rows ? percent(processed_rows, total_rows) : 0}
                aria-label={t`Progress of the import of ${file}`}
                size="sm"
              />
              <Text size="xs" c="dimmed">
                {status === 'queued'
                  ? t`Queued`
                  : plural(processed_rows, { one: '# row read', other: '# rows read' })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}
