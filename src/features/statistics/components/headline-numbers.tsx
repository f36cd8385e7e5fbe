import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
export type HeadlineHits = 'human' | 'machine' | 'all' | undefined;

/** `Opens`, `Opens by people`, `Opens by machines`. */
function opensLabel(hits: HeadlineHits) {
  return hits === 'human'
    ? t`Opens by people`
    : hits === 'machine'
      ? t`Opens by machines`
      : t`Opens`;
}
function clicksLabel(hits: HeadlineHits) {
  return hits === 'human'
    ? t`Clicks by people`
    : hits === 'machine'
      ? t`Clicks by machines`
      : t`Clicks`;
}

function machineLine(n: number | undefined) {
  if (n === undefined) return [];
  const more = formatCount(n);
  return [t`${more} more by machines`];
}
const uniqueLine = (n: number) => {
  const unique = formatCount(n);
  return t`${unique} unique`;
};

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
  // The previous filters' numbers stay visible, dimmed, while the new ones load.
  const busy = { 'aria-busy': stale, style: { opacity: stale ? 0.55 : 1 } };
  if (rows.length === 1) return <HeadlineCards row={rows[0]!} busy={busy} hits={hits} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stats-headline-title" {...busy}>
      <Text fw={700} id="stats-headline-title" mb="xs">
        <Trans>Headline numbers</Trans>
      </Text>
      <PlainTable aria-labelledby="stats-headline-title" minWidth={720}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Mailing</Trans>
            </th>
            <th scope="col">{opensLabel(hits)}</th>
            <th scope="col">
              <Trans>Unique opens</Trans>
            </th>
            <th scope="col">
              <Trans>Open rate</Trans>
            </th>
            <th scope="col">{clicksLabel(hits)}</th>
            <th scope="col">
              <Trans>Unique clicks</Trans>
            </th>
            <th scope="col">
              <Trans>Click rate</Trans>
            </th>
            <th scope="col">
              <Trans>Bounces</Trans>
            </th>
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

function withMachines(n: number, machines: number | undefined) {
  const count = formatCount(n);
  if (machines === undefined) return count;
  const more = formatCount(machines);
  return t`${count} (+${more} machines)`;
}

function HeadlineCards({
  row,
  busy,
  hits,
}: {
  row: HeadlineRow;
  hits: HeadlineHits;
  busy: { 'aria-busy': boolean; style: { opacity: number } };
}) {
  const h = row.headline;
  const { base } = row;
  const hardSoft = (hard: number, soft: number) => {
    const hardCount = formatCount(hard);
    const softCount = formatCount(soft);
    return t`${hardCount} hard · ${softCount} soft`;
  };
  return (
    <section aria-label={t`Headline numbers`} {...busy}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card
          label={opensLabel(hits)}
          value={h?.opens.total}
          lines={
            h && [
              uniqueLine(h.opens.unique),
              rateLine(h.opens.unique, base, 'opened'),
              ...machineLine(h.machine?.opens),
            ]
          }
        />
        <Card
          label={clicksLabel(hits)}
          value={h?.clicks.total}
          lines={
            h && [
              uniqueLine(h.clicks.unique),
              rateLine(h.clicks.unique, base, 'clicked'),
              ...machineLine(h.machine?.clicks),
            ]
          }
        />
        <Card
          label={t`Bounces`}
          value={h?.bounces.total}
          lines={h && [uniqueLine(h.bounces.unique), hardSoft(h.bounces.hard, h.bounces.soft)]}
        />
      </SimpleGrid>
      <RateNote />
    </section>
  );
}

function rateLine(unique: number, base: number | undefined, verb: 'opened' | 'clicked') {
  const r = rate(unique, base);
  if (r === undefined) return t`Rate: no base known`;
  const active = formatCount(base!);
  return verb === 'opened'
    ? t`${r} of ${active} active subscribers opened`
    : t`${r} of ${active} active subscribers clicked`;
}

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
      <Trans>
        Totals count every record; unique counts the first per delivery and recipient (and link, for
        clicks). Rates divide unique counts by the mailing’s list’s active subscribers today; they
        are shown for single mailings on servers that report subscriber counts.
      </Trans>
    </Text>
  );
}
