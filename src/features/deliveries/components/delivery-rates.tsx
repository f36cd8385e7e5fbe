import { Stack, Text } from '@mantine/core';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryState } from '../../../api/deliveries';
import { PlainTable } from '../../../components/plain-table';
import { formatCount, numberFormat } from '../../../lib/format';
import { isLive } from '../delivery-rules';
import { deliveryQueries } from '../queries';

// Percent with a space before the sign in every locale (the catalog places the sign).
const percent = (share: number) => {
  const value = numberFormat({ maximumFractionDigits: 2 }).format(share * 100);
  return t`${value} %`;
};
const rate = (part: number, sent: number) => (sent > 0 ? percent(part / sent) : '—');

/**
 * Complaint and hard-bounce rates against the lines above which the delivery pauses itself
 * (issue 52), overall and by recipient domain. Hidden where the server has no such extension.
 */
export function DeliveryRates({ delivery }: { delivery: DeliveryState }) {
  const { t } = useLingui();
  const { data } = useQuery(deliveryQueries.rates(delivery.id, isLive(delivery)));
  if (!data?.supported || data.data.sent === 0) return null;
  const r = data.data;
  const over = (part: number, line: number) =>
    r.sent >= r.lines.min_sent && part > r.sent * line ? 'red' : undefined;
  const complaintRate = rate(r.complaints, r.sent);
  const bounceRate = rate(r.hard_bounces, r.sent);
  const complaints = formatCount(r.complaints);
  const hardBounces = formatCount(r.hard_bounces);
  const sent = formatCount(r.sent);
  const complaintLine = percent(r.lines.complaint_rate);
  const bounceLine = percent(r.lines.bounce_rate);
  const minSent = formatCount(r.lines.min_sent);
  return (
    <Stack gap={4}>
      <Text size="sm" c={over(r.complaints, r.lines.complaint_rate)}>
        <Trans>
          Complaint rate {complaintRate} ({complaints} of {sent}), pauses above {complaintLine}
        </Trans>
      </Text>
      <Text size="sm" c={over(r.hard_bounces, r.lines.bounce_rate)}>
        <Trans>
          Hard-bounce rate {bounceRate} ({hardBounces} of {sent}), pauses above {bounceLine}
        </Trans>
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>The delivery looks at these once {minSent} messages are sent.</Trans>
      </Text>
      <PlainTable minWidth={420} aria-label={t`Rates by recipient domain`}>
        <thead>
          <tr>
            <th>
              <Trans>Recipient domain</Trans>
            </th>
            <th>
              <Trans>Sent</Trans>
            </th>
            <th>
              <Trans>Complaints</Trans>
            </th>
            <th>
              <Trans>Hard bounces</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {r.domains.map((d) => (
            <tr key={d.domain}>
              <td style={{ wordBreak: 'break-all' }}>{d.domain}</td>
              <td>{formatCount(d.sent)}</td>
              <td>
                {formatCount(d.complaints)} ({rate(d.complaints, d.sent)})
              </td>
              <td>
                {formatCount(d.hard_bounces)} ({rate(d.hard_bounces, d.sent)})
              </td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </Stack>
  );
}
