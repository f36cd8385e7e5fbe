import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Overview } from '../../../api/overview';
import { PlainTable } from '../../../components/plain-table';
import { formatCount, formatDateTime } from '../../../lib/format';
import { HomeCard } from './card';

type Mailing = NonNullable<Overview['mailings']>[number];

/** A share of those sent, when there is anything to divide by. */
const share = (n: number, of: number) =>
  of > 0 ? ` (${((n / of) * 100).toFixed(n === of ? 0 : 1)}%)` : '';

/**
 * The last five mailings sent, each linked to its statistics. Human opens and clicks and
 * complaints appear where the server records them (issues 51 and 52: optional members).
 */
export function RecentMailingsCard({ mailings }: { mailings: Mailing[] }) {
  const human = mailings.some((m) => m.human_opened !== undefined);
  const complaints = mailings.some((m) => m.complaints !== undefined);
  return (
    <HomeCard title="Last mailings">
      {mailings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No mailing has been sent yet.
        </Text>
      ) : (
        <PlainTable aria-label="Last mailings" minWidth={560}>
          <thead>
            <tr>
              <th scope="col">Mailing</th>
              <th scope="col">Sent</th>
              <th scope="col">{human ? 'Opened (people)' : 'Opened'}</th>
              <th scope="col">{human ? 'Clicked (people)' : 'Clicked'}</th>
              <th scope="col">Bounces</th>
              {complaints && <th scope="col">Complaints</th>}
            </tr>
          </thead>
          <tbody>
            {mailings.map((m) => {
              const opened = m.human_opened ?? m.opened;
              const clicked = m.human_clicked ?? m.clicked;
              return (
                <tr key={m.id}>
                  <td>
                    <Anchor
                      component={Link}
                      to={`/statistics?mailing=${m.id}`}
                      size="sm"
                      aria-label={`Statistics of ${m.name}`}
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
