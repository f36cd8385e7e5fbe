import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryState } from '../../../api/deliveries';
import { PlainTable } from '../../../components/plain-table';
import { formatCount } from '../../../lib/format';
import { isLive } from '../delivery-rules';
import { deliveryQueries } from '../queries';

const percent = (share: number) => `${Number((share * 100).toFixed(2))} %`;
const rate = (part: number, sent: number) => (sent > 0 ? percent(part / sent) : '—');

/**
 * Complaint and hard-bounce rates against the lines above which the delivery pauses itself
 * (issue 52), overall and by recipient domain. Hidden where the server has no such extension.
 */
export function DeliveryRates({ delivery }: { delivery: DeliveryState }) {
  const { data } = useQuery(deliveryQueries.rates(delivery.id, isLive(delivery)));
  if (!data?.supported || data.data.sent === 0) return null;
  const r = data.data;
  const over = (part: number, line: number) =>
    r.sent >= r.lines.min_sent && part > r.sent * line ? 'red' : undefined;
  return (
    <Stack gap={4}>
      <Text size="sm" c={over(r.complaints, r.lines.complaint_rate)}>
        Complaint rate {rate(r.complaints, r.sent)} ({formatCount(r.complaints)} of{' '}
        {formatCount(r.sent)}), pauses above {percent(r.lines.complaint_rate)}
      </Text>
      <Text size="sm" c={over(r.hard_bounces, r.lines.bounce_rate)}>
        Hard-bounce rate {rate(r.hard_bounces, r.sent)} ({formatCount(r.hard_bounces)} of{' '}
        {formatCount(r.sent)}), pauses above {percent(r.lines.bounce_rate)}
      </Text>
      <Text size="xs" c="dimmed">
        The delivery looks at these once {formatCount(r.lines.min_sent)} messages are sent.
      </Text>
      <PlainTable minWidth={420} aria-label="Rates by recipient domain">
        <thead>
          <tr>
            <th>Recipient domain</th>
            <th>Sent</th>
            <th>Complaints</th>
            <th>Hard bounces</th>
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
