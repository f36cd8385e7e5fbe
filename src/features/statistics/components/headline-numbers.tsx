import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { PlainTable } from '../../../components/plain-table';
import { formatCount, formatPercent } from '../format';
import { uniqueRate, type Headline } from '../headline';

export type HeadlineRow = {
  key: string;
  label: string;
  headline: Headline | undefined;
  /** Active subscribers of the mailing's list, when known (the base of the rates). */
  base: number | undefined;
};

/** Whose hits the numbers count, in the cards' labels (issue 51); undefined: not classified. */
const whose = { human: ' by people', machine: ' by machines', all: '' } as const;
export type HeadlineHits = keyof typeof whose | undefined;

const machineLine = (n: number | undefined) =>
  n === undefined ? [] : [`${formatCount(n)} more by machines`];

const rate = (unique: number, base: number | undefined) => {
  const r = uniqueRate(unique, base);
  return r === undefined ? undefined : formatPercent(r);
};

/**
 * Totals, unique counts and, where a base is known, unique records per active subscriber of
 * the list (an approximation of "per recipient": the list as it is now, not as it was at
 * delivery). One mailing gets cards; several get one table row each.
 */
export function HeadlineNumbers({
  rows,
  stale,
  hits,
}: {
  rows: HeadlineRow[];
  stale: boolean;
  hits?: HeadlineHits;
}) {
  const by = hits ? whose[hits] : '';
  // The previous filters' numbers stay visible, dimmed, while the new ones load.
  const busy = { 'aria-busy': stale, style: { opacity: stale ? 0.55 : 1 } };
  if (rows.length === 1) return <HeadlineCards row={rows[0]!} busy={busy} by={by} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stats-headline-title" {...busy}>
      <Text fw={700} id="stats-headline-title" mb="xs">
        Headline numbers
      </Text>
      <PlainTable aria-labelledby="stats-headline-title" minWidth={720}>
        <thead>
          <tr>
            <th scope="col">Mailing</th>
            <th scope="col">Opens{by}</th>
            <th scope="col">Unique opens</th>
            <th scope="col">Open rate</th>
            <th scope="col">Clicks{by}</th>
            <th scope="col">Unique clicks</th>
            <th scope="col">Click rate</th>
            <th scope="col">Bounces</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, headline: h, base }) => (
            <tr key={key}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {label}
              </th>
              {h ? (
                <>
                  <td>{withMachines(h.opens.total, h.machine?.opens)}</td>
                  <td>{formatCount(h.opens.unique)}</td>
                  <td>{rate(h.opens.unique, base) ?? '—'}</td>
                  <td>{withMachines(h.clicks.total, h.machine?.clicks)}</td>
                  <td>{formatCount(h.clicks.unique)}</td>
                  <td>{rate(h.clicks.unique, base) ?? '—'}</td>
                  <td>{formatCount(h.bounces.total)}</td>
                </>
              ) : (
                <td colSpan={7}>
                  <Skeleton height={16} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </PlainTable>
      <RateNote />
    </Paper>
  );
}

const withMachines = (n: number, machines: number | undefined) =>
  machines === undefined
    ? formatCount(n)
    : `${formatCount(n)} (+${formatCount(machines)} machines)`;

function HeadlineCards({
  row,
  busy,
  by,
}: {
  row: HeadlineRow;
  by: string;
  busy: { 'aria-busy': boolean; style: { opacity: number } };
}) {
  const h = row.headline;
  const { base } = row;
  return (
    <section aria-label="Headline numbers" {...busy}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card
          label={`Opens${by}`}
          value={h?.opens.total}
          lines={
            h && [
              `${formatCount(h.opens.unique)} unique`,
              rateLine(h.opens.unique, base, 'opened'),
              ...machineLine(h.machine?.opens),
            ]
          }
        />
        <Card
          label={`Clicks${by}`}
          value={h?.clicks.total}
          lines={
            h && [
              `${formatCount(h.clicks.unique)} unique`,
              rateLine(h.clicks.unique, base, 'clicked'),
              ...machineLine(h.machine?.clicks),
            ]
          }
        />
        <Card
          label="Bounces"
          value={h?.bounces.total}
          lines={
            h && [
              `${formatCount(h.bounces.unique)} unique`,
              `${formatCount(h.bounces.hard)} hard · ${formatCount(h.bounces.soft)} soft`,
            ]
          }
        />
      </SimpleGrid>
      <RateNote />
    </section>
  );
}

const rateLine = (unique: number, base: number | undefined, verb: string) => {
  const r = rate(unique, base);
  return r === undefined
    ? 'Rate: no base known'
    : `${r} of ${formatCount(base!)} active subscribers ${verb}`;
};

function Card({
  label,
  value,
  lines,
}: {
  label: string;
  value: number | undefined;
  lines: string[] | undefined;
}) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton height={30} width={90} />
        ) : (
          <Text fz={28} fw={700} lh={1.2}>
            {formatCount(value)}
          </Text>
        )}
        {lines?.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function RateNote() {
  return (
    <Text size="xs" c="dimmed" mt="xs">
      Totals count every record; unique counts the first per delivery and recipient (and link, for
      clicks). Rates divide unique counts by the mailing’s list’s active subscribers today; they are
      shown for single mailings on servers that report subscriber counts.
    </Text>
  );
}
