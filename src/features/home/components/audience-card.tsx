import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import type { Overview } from '../../../api/overview';
import { PlainTable } from '../../../components/plain-table';
import { formatCount } from '../../../lib/format';
import { HomeCard } from './card';

type Audience = NonNullable<Overview['audience']>;

/** +12, −3, 0: a change with its sign (a real minus sign, read as "minus"). */
export const formatChange = (n: number) =>
  n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '0';

const PERIODS = [
  ['days_7', msg`7 days`, msg`Last 7 days`],
  ['days_30', msg`30 days`, msg`Last 30 days`],
  ['days_90', msg`90 days`, msg`Last 90 days`],
] as const;

/** Active subscribers now and their change, in all and per list, above the growth chart. */
export function AudienceCard({ audience, growth }: { audience: Audience; growth?: ReactNode }) {
  const { t, i18n } = useLingui();
  return (
    <HomeCard title={t`Audience`}>
      <Stack gap="md">
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              <Trans>Active subscribers</Trans>
            </Text>
            <Text fz={28} fw={700} lh={1.2}>
              {formatCount(audience.active)}
            </Text>
          </div>
          {PERIODS.map(([key, , last]) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {i18n._(last)}
              </Text>
              <Text fz="lg" fw={600}>
                {formatChange(audience.change[key])}
              </Text>
            </div>
          ))}
        </Group>
        {audience.lists.length > 0 && (
          <PlainTable aria-label={t`Active subscribers per list`} minWidth={420}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>List</Trans>
                </th>
                <th scope="col">
                  <Trans>Active</Trans>
                </th>
                {PERIODS.map(([key, label]) => (
                  <th scope="col" key={key}>
                    {i18n._(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audience.lists.slice(0, 8).map((list) => (
                <tr key={list.id}>
                  <td>
                    <Anchor component={Link} to={`/lists/${list.id}`} size="sm">
                      {list.name}
                    </Anchor>
                  </td>
                  <td>{formatCount(list.active)}</td>
                  {PERIODS.map(([key]) => (
                    <td key={key}>{formatChange(list.change[key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </PlainTable>
        )}
        {growth}
      </Stack>
    </HomeCard>
  );
}
