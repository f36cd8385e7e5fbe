import { Badge, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatLocal, formatUtc, isPast } from '../local-time';

/**
 * The mailing's own fields as a two-column table named "Mailing": the same on the
 * composer's review step (what will be created) and on the mailing's page (what was).
 */
export function MailingFacts({
  id,
  name,
  list,
  campaign,
  segments,
}: {
  /** Only once the mailing exists. */
  id?: number;
  name: string;
  list: ReactNode;
  campaign: string;
  segments: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Table withTableBorder variant="vertical" aria-label={t`Mailing`} maw={640}>
      <Table.Tbody>
        {id !== undefined && <Fact label={t`Id`} value={id} />}
        <Fact label={t`Name`} value={name} />
        <Fact label={t`List`} value={list} />
        <Fact label={t`Campaign`} value={campaign} />
        <Fact label={t`Segments`} value={segments} />
      </Table.Tbody>
    </Table>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={160}>
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

/** A variant's deliveries: local time, UTC below it, and a warning for one in the past. */
export function DeliveryTimes({ dates, none }: { dates: readonly Date[]; none: string }) {
  if (dates.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  return (
    <Stack gap={4}>
      {dates.map((date, i) => (
        <div key={i}>
          <Text size="sm">{formatLocal(date)}</Text>
          <Text size="xs" c="dimmed">
            {formatUtc(date)}
            {isPast(date) && (
              <Badge size="xs" color="orange" variant="light" ml={6}>
                <Trans>in the past</Trans>
              </Badge>
            )}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
