import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeliveryRecipient, DeliveryState } from '../../../api/deliveries';
import { PlainTable } from '../../../components/plain-table';
import { ErrorState } from '../../../components/states';
import { TableFooter } from '../../../components/table-footer';
import { isLive } from '../delivery-rules';
import { deliveryQueries } from '../queries';
import { formatCount } from '../../../lib/format';

/** The API's page size for recipients (DRF default of the service). */
const PAGE_SIZE = 25;

type ProblemState = 'failed' | 'bounced' | 'skipped' | 'suppressed';

const tableLabels = {
  failed: msg`Failed recipients`,
  bounced: msg`Bounced recipients`,
  skipped: msg`Skipped recipients`,
  suppressed: msg`Suppressed recipients`,
};

/**
 * The recipients the delivery could not reach, with the reason: failed ones (temporary
 * errors given up on, which "retry failed" queues again), bounced ones, skipped ones (no
 * longer subscribed when their turn came) or suppressed ones (on the suppression list by
 * then, never handed to the mail server). Several deliveries
 * share the page, so the state and page live here rather than in the URL.
 */
export function DeliveryProblems({ delivery }: { delivery: DeliveryState }) {
  const { t, i18n } = useLingui();
  const { failed, bounced, skipped = 0, suppressed = 0 } = delivery.progress;
  const failedCount = formatCount(failed);
  const bouncedCount = formatCount(bounced);
  const skippedCount = formatCount(skipped);
  const suppressedCount = formatCount(suppressed);
  const [state, setState] = useState<ProblemState>(
    failed > 0
      ? 'failed'
      : bounced > 0
        ? 'bounced'
        : skipped > 0
          ? 'skipped'
          : suppressed > 0
            ? 'suppressed'
            : 'failed',
  );
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useQuery(
    deliveryQueries.recipients(delivery.id, state, page, isLive(delivery)),
  );
  const label = i18n._(tableLabels[state]);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={700}>
          <Trans>Problems</Trans>
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t`Which problems to show`}
          value={state}
          onChange={(v) => {
            setState(v as ProblemState);
            setPage(1);
          }}
          data={[
            { value: 'failed', label: t`Failed (${failedCount})` },
            { value: 'bounced', label: t`Bounced (${bouncedCount})` },
            ...(skipped > 0 ? [{ value: 'skipped', label: t`Skipped (${skippedCount})` }] : []),
            ...(suppressed > 0
              ? [{ value: 'suppressed', label: t`Suppressed (${suppressedCount})` }]
              : []),
          ]}
        />
      </Group>
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <PlainTable minWidth={560} aria-label={label} aria-busy={isPending}>
          <thead>
            <tr>
              <th>
                <Trans>Email</Trans>
              </th>
              <th>
                <Trans>Attempts</Trans>
              </th>
              <th>
                <Trans>Reason</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.results.map((r) => (
              <ProblemRow key={r.email} recipient={r} />
            ))}
          </tbody>
        </PlainTable>
      )}
      {data && data.count === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>None.</Trans>
        </Text>
      )}
      {data && data.count > 0 && (
        <TableFooter count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
    </Stack>
  );
}

function ProblemRow({ recipient: r }: { recipient: DeliveryRecipient }) {
  const { t } = useLingui();
  return (
    <tr>
      <td>{r.email}</td>
      <td>{formatCount(r.attempts)}</td>
      <td>
        <Text size="sm">{r.last_error || r.smtp_response || t`No reason given`}</Text>
        {r.last_error && r.smtp_response && r.smtp_response !== r.last_error && (
          <Text size="xs" c="dimmed">
            {r.smtp_response}
          </Text>
        )}
      </td>
    </tr>
  );
}
