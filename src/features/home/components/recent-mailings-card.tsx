import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { Link } from '../../../components/link';
import type { Overview } from '../../../api/overview';
import { PlainTable } from '../../../components/plain-table';
import { formatCount, formatDateTime, numberFormat } from '../../../lib/format';
import { HomeCard } from './card';

type Mailing = NonNullable<Overview['mailings']>[number];

/** A share of those sent, when there is anything to divide by. */
const share = (n: number, of: number) => {
  if (of <= 0) return '';
  const digits = n === of ? 0 : 1;
  const percent = numberFormat({
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n / of);
  return ` (${percent})`;
};

/**
 * The last five mailings sent, each linked to its statistics. Human opens and clicks and
 * complaints appear where the server records them (issues 51 and 52: optional members).
 */
export function RecentMailingsCard({ mailings }: { mailings: Mailing[] }) {
  const { t } = useLingui();
  const human = mailings.some((m) => m.human_opened !== undefined);
  const complaints = mailings.some((m) => m.complaints !== undefined);
  return (
    <HomeCard title={t`Last mailings`}>
      {mailings.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No mailing has been sent yet.</Trans>
        </Text>
      ) : (
        <PlainTable aria-label={t`Last mailings`} minWidth={560}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Mailing</Trans>
              </th>
              <th scope="col">
                <Trans>Sent</Trans>
              </th>
              <th scope="col">{human ? t`Opened (people)` : t`Opened`}</th>
              <th scope="col">{human ? t`Clicked (people)` : t`Clicked`}</th>
              <th scope="col">
                <Trans>Bounces</Trans>
              </th>
              {complaints && (
                <th scope="col">
                  <Trans>Complaints</Trans>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {mailings.map((m) => {
              const opened = m.human_opened ?? m.opened;
              const clicked = m.human_clicked ?? m.clicked;
              const name = m.name;
              return (
                <tr key={m.id}>
                  <td>
                    <Anchor
                      component={Link}
                      to={`/statistics?mailing=${m.id}`}
                      size="sm"
                      aria-label={t`Statistics of ${name}`}
                    >
                      {m.name}
                    </Anchor>
                    {m.sent_datetime && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(m.sent_datetime)}
                      </Text>
                    )}
                  </td>
                  <td>{formatCount(m.sent)}</td>
                  <td>
                    {formatCount(opened)}
                    {share(opened, m.sent)}
                  </td>
                  <td>
                    {formatCount(clicked)}
                    {share(clicked, m.sent)}
                  </td>
                  <td>{formatCount(m.bounces)}</td>
                  {complaints && <td>{formatCount(m.complaints ?? 0)}</td>}
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      )}
    </HomeCard>
  );
}
