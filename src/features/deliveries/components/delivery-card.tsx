import { useCan } from '../../../components/use-can';
import { Alert, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryState } from '../../../api/deliveries';
import { processedPercent, statusLabel } from '../delivery-rules';
import { DeliveryActions } from './delivery-actions';
import { DeliveryProblems } from './delivery-problems';
import { DeliveryRates } from './delivery-rates';
import classes from './delivery-card.module.css';
import { formatCount, formatDateTime } from '../../../lib/format';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** One delivery: status, a progress bar, the counts, what can be done, what went wrong. */
export function DeliveryCard({
  delivery,
  mailingId,
  variantLabel,
}: {
  delivery: DeliveryState;
  mailingId: number;
  variantLabel: string;
}) {
  const { t } = useLingui();
  const canSend = useCan('mailings:send');
  const { progress } = delivery;
  const status = statusLabel(delivery.status);
  const statusName = status.label;
  const scheduled = when(delivery.scheduled_datetime);
  const started = when(delivery.started_datetime);
  const finished = when(delivery.finished_datetime);
  const title = t`Delivery of ${scheduled}`;
  const percent = processedPercent(progress);
  return (
    // Deliveries of several variants share a time: the variant keeps each region's name unique.
    <Card withBorder component="section" aria-label={`${title}, ${variantLabel}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h5">
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {variantLabel}
              {delivery.started_datetime && ` · ${t`started ${started}`}`}
              {delivery.finished_datetime && ` · ${t`finished ${finished}`}`}
            </Text>
          </div>
          <Badge color={status.color} variant="light" aria-label={t`Status: ${statusName}`}>
            {status.label}
          </Badge>
        </Group>
        {delivery.status === 'missed' && (
          <Text size="sm" c="orange">
            <Trans>Its time passed while the service could not send, so it was not sent.</Trans>
          </Text>
        )}
        {delivery.status === 'paused' && delivery.pause_rate && (
          <Alert
            color="red"
            title={
              delivery.pause_rate === 'complaints'
                ? t`Paused by the brake: too many complaints`
                : t`Paused by the brake: too many hard bounces`
            }
          >
            <Text size="sm">{delivery.pause_reason}</Text>
            <Text size="sm">
              <Trans>
                Nothing more is sent until you resume. Look at the rates by recipient domain below
                and at where this list came from before deciding.
              </Trans>
            </Text>
          </Alert>
        )}
        {delivery.status === 'paused' && delivery.pause_reason && !delivery.pause_rate && (
          <Alert color="red" title={t`Paused by the service: the mail server refused to send`}>
            <Text size="sm">{delivery.pause_reason}</Text>
            <Text size="sm">
              <Trans>
                Nobody was marked as bounced. Fix the sending configuration, then resume: the
                delivery continues where it stopped.
              </Trans>
            </Text>
          </Alert>
        )}
        <Progress
          value={percent}
          size="lg"
          color={progress.failed + progress.bounced > 0 ? 'orange' : 'teal'}
          aria-label={t`Progress of the delivery of ${scheduled}`}
          animated={delivery.status === 'running'}
        />
        <dl className={classes.counts} aria-label={t`Recipients`}>
          <Count term={t`Sent`} value={progress.sent} />
          <Count term={t`Failed`} value={progress.failed} />
          <Count term={t`Bounced`} value={progress.bounced} />
          {progress.skipped !== undefined && <Count term={t`Skipped`} value={progress.skipped} />}
          {progress.suppressed !== undefined && (
            <Count term={t`Suppressed`} value={progress.suppressed} />
          )}
          <Count term={t`Queued`} value={progress.queued} />
          <Count term={t`Total`} value={progress.total} />
        </dl>
        {delivery.status !== 'scheduled' && <DeliveryRates delivery={delivery} />}
        {canSend && <DeliveryActions delivery={delivery} mailingId={mailingId} />}
        {progress.failed + progress.bounced + (progress.skipped ?? 0) + (progress.suppressed ?? 0) >
          0 && <DeliveryProblems delivery={delivery} />}
      </Stack>
    </Card>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}
