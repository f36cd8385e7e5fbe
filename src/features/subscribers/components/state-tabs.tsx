import { useLingui } from '@lingui/react/macro';
import { Badge, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SubscriberCounts } from '../../../../contract/lists';
import { stateLabel, subscriptionStates } from '../states';
import type { StateTab } from '../view-params';
import { formatCount } from '../../../lib/format';
import { formatSubscribers } from '../actions';

export const STATE_TABS: StateTab[] = ['all', ...subscriptionStates];

/** A tab's count; without the list's `subscriber_counts` only the shown tab's total is known. */
export function tabCount(
  tab: StateTab,
  counts: SubscriberCounts | undefined,
  current: { tab: StateTab; count: number | undefined; filtered: boolean },
): number | undefined {
  if (tab === current.tab && (current.filtered || !counts)) return current.count;
  // The list's counts ignore an email filter: other tabs would show wrong numbers.
  if (!counts || current.filtered) return undefined;
  if (tab === 'all') return counts.active + counts.pending + counts.bounced + counts.unsubscribed;
  return counts[tab];
}

/** State tabs with their counts; the table of the selected one is the panel. */
export function StateTabs({
  value,
  onChange,
  counts,
  current,
  children,
}: {
  value: StateTab;
  onChange: (tab: StateTab) => void;
  counts: SubscriberCounts | undefined;
  current: { count: number | undefined; filtered: boolean };
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as StateTab)} keepMounted={false}>
      <Tabs.List aria-label={t`Subscription state`}>
        {STATE_TABS.map((tab) => {
          const count = tabCount(tab, counts, { tab: value, ...current });
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                count === undefined ? null : (
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    aria-label={formatSubscribers(count)}
                  >
                    {formatCount(count)}
                  </Badge>
                )
              }
            >
              {tab === 'all' ? t`All` : stateLabel(tab)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {STATE_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          {tab === value && children}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
