import { Stack } from '@mantine/core';
import { useState } from 'react';
import { mergeTopUrls } from '../aggregate';
import { useStatisticsData } from '../use-statistics-data';
import { useStatisticsView } from '../use-statistics-view';
import { utcDate } from '../view-params';
import { CampaignComparison } from './campaign-comparison';
import { ClickMapSection } from './click-map-section';
import { ChartsSection } from './charts-section';
import { DataSourceNotice } from './data-source-notice';
import { FiltersPanel } from './filters-panel';
import { HeadlineNumbers } from './headline-numbers';
import { HumanMachineSection } from './human-machine-section';
import { PeopleLinks } from './people-links';
import { RecordsSection } from './records-section';

/**
 * Opens, clicks and bounces: filters (all in the URL), headline numbers, charts with table
 * alternatives, and the raw records underneath.
 */
export function StatisticsScreen() {
  // One clock per visit: "today" for the default range, "now" where charts stop.
  const [now] = useState(() => Date.now());
  const today = utcDate(now);
  const view = useStatisticsView(today);
  const data = useStatisticsData(view, now);
  const { update } = view;
  const aligned = view.align && data.alignment.available;
  const topUrls = mergeTopUrls(data.groups.map((g) => g.chartData?.urls ?? []));

  return (
    <Stack gap="lg">
      <FiltersPanel
        view={view}
        update={update}
        today={today}
        lists={data.lists.data ?? []}
        mailings={data.mailings.data ?? []}
        campaignName={data.campaignName}
        urls={topUrls.map((u) => u.url)}
        alignment={data.alignment}
        automations={data.automations}
        classifies={data.hits !== undefined}
      />
      <DataSourceNotice
        progressKeys={data.progressKeys}
        source={data.source}
        truncated={data.truncated}
        capped={data.capped}
      />
      <HeadlineNumbers
        hits={data.hits}
        stale={data.headlinesStale}
        rows={data.groups.map((g) => ({
          key: g.key,
          label: g.label,
          headline: g.headline,
          base: g.base,
        }))}
      />
      <ChartsSection
        groups={data.groups}
        status={data.charts}
        headlinesStale={data.headlinesStale}
        interval={data.interval}
        window={data.window}
        now={now}
        aligned={aligned}
        unique={view.unique}
        url={view.url}
        onSelectUrl={(url) =>
          update(url === view.url ? { url: undefined } : { url, records: 'clicks' })
        }
      />
      {view.mailings.length === 1 && <HumanMachineSection mailing={view.mailings[0]!} />}
      {view.mailings.length === 1 && <ClickMapSection mailing={view.mailings[0]!} />}
      <CampaignComparison />
      <PeopleLinks mailings={view.mailings} names={data.names} urls={topUrls.map((u) => u.url)} />
      <RecordsSection
        view={view}
        update={update}
        filters={data.filters}
        choices={data.records.choices}
        mailing={data.records.mailing}
        names={data.names}
      />
    </Stack>
  );
}
