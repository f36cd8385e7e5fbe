import { t } from '@lingui/core/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isTruncated } from './chart-data';
import { firstDelivery } from './overlay';
import { statisticsQueries } from './queries';
import {
  automationLabel,
  automationOptions,
  chartFilters,
  nameOfCampaign,
  planGroups,
  recordsScope,
} from './scope';
import { chooseInterval, viewWindow } from './time-window';
import type { ViewState } from './view-params';
import { listQueries } from '../../api/shared-queries';

/**
 * Everything the screen shows, derived from the view: the lines to draw (groups), their
 * chart data and headline numbers, the bases of the rates, and delivery times for the
 * alignment (from the single-mailing extension; without it alignment is unavailable).
 */
export function useStatisticsData(view: ViewState, now: number) {
  const lists = useQuery(listQueries.everyList());
  // Human first (issue 51): `class` is sent only once the server is known to classify hits.
  const classifies = useQuery(statisticsQueries.classifies());

  const mailings = useQuery(statisticsQueries.mailings(view.list));
  const details = useQueries({
    queries: view.mailings.map((id) => statisticsQueries.mailing(id)),
  });

  const names = useMemo(
    () => new Map((mailings.data ?? []).map((m) => [m.id, m.name] as const)),
    [mailings.data],
  );
  const campaigns = useQuery(statisticsQueries.campaigns());
  const campaignName = (id: number) => nameOfCampaign(campaigns.data, id);
  const listName = lists.data?.find((l) => l.id === view.list)?.name;
  const automations = useQuery({
    ...statisticsQueries.automations(view.list ?? 0),
    enabled: view.list !== undefined,
  });
  // Where the API has no automations, the filter is hidden and not sent.
  const noAutomations = automations.data?.supported === false;
  const automationChoices = useMemo(
    () =>
      automations.data?.supported
        ? automationOptions(automations.data.data.results, names)
        : undefined,
    [automations.data, names],
  );
  const scoped = noAutomations ? { ...view, automation: undefined, step: undefined } : view;
  const { groups, capped } = planGroups(scoped, {
    listName,
    listMailings: mailings.data,
    names,
    campaignName,
    automationLabel: automationLabel(automationChoices ?? [], scoped),
  });
  // A list's mailings must be known before its sum can be asked for; an automation filter
  // waits to know whether the API has automations (else it is not sent at all).
  const automationPending = view.automation !== undefined && automations.isPending;
  const ready =
    (view.list === undefined || view.mailings.length > 0 || mailings.isSuccess) &&
    !automationPending &&
    !classifies.isPending;

  const filters = chartFilters(scoped, classifies.data === true);
  const window = viewWindow(view);
  const interval = chooseInterval(window);

  const groupMailings = groups.map((g) => g.mailings);
  const chartsOptions = statisticsQueries.charts(groupMailings, filters, interval);
  const charts = useQuery({ ...chartsOptions, enabled: ready });
  const headlines = useQuery({
    ...statisticsQueries.headlines(groupMailings, filters),
    enabled: ready,
  });
  // Previous data stays on screen while new data loads, unless it has other lines.
  const chartData = charts.data?.length === groups.length ? charts.data : undefined;
  const headlineData = headlines.data?.length === groups.length ? headlines.data : undefined;

  const detailOf = (id: number | undefined) => {
    const i = id === undefined ? -1 : view.mailings.indexOf(id);
    return i < 0 ? undefined : details[i]?.data;
  };
  const activeOf = (listId: number | undefined) =>
    lists.data?.find((l) => l.id === listId)?.subscriber_counts?.active;

  const groupInfo = groups.map((g, i) => {
    const detail = detailOf(g.mailing);
    const listId = detail?.supported
      ? detail.data.list
      : g.mailing !== undefined
        ? view.list
        : undefined;
    return {
      ...g,
      chartData: chartData?.[i],
      headline: headlineData?.[i],
      base: g.mailing === undefined ? undefined : activeOf(listId),
      deliveredAt: detail?.supported ? firstDelivery(detail.data.variants, now) : undefined,
    };
  });

  const detailsSettled = details.every((d) => !d.isPending);
  const unsupported = details.some((d) => d.data && !d.data.supported);
  const anyDelivered = groupInfo.some((g) => g.deliveredAt !== undefined);
  const alignment =
    view.mailings.length === 0
      ? { available: false, reason: t`Choose one or more mailings to align them.` }
      : unsupported
        ? {
            available: false,
            reason: t`This server does not tell delivery times (no single-mailing endpoint).`,
          }
        : detailsSettled && !anyDelivered
          ? { available: false, reason: t`None of these mailings has been delivered yet.` }
          : {
              available: detailsSettled,
              reason: detailsSettled ? undefined : t`Loading delivery times…`,
            };

  const source: 'server' | 'browser' = chartData?.some((d) => d.source === 'browser')
    ? 'browser'
    : 'server';

  return {
    lists,
    mailings,
    names,
    campaignName,
    /** The list's automations for the filter; undefined hides it (no list, no extension). */
    automations: view.list === undefined ? undefined : automationChoices,
    groups: groupInfo,
    capped,
    filters,
    /** Whose hits the numbers count; undefined where the server does not classify hits. */
    hits: classifies.data ? view.hits : undefined,
    window,
    interval,
    source,
    truncated: chartData?.some((d) => isTruncated(d)) ?? false,
    alignment,
    records: automationPending
      ? { choices: [], mailing: undefined }
      : recordsScope(groups, view.recordsMailing),
    charts: {
      loaded: chartData !== undefined,
      /** Showing the previous filters' data while the new data loads. */
      stale: charts.isPlaceholderData || (charts.isFetching && chartData !== undefined),
      error: charts.error,
      retry: () => void charts.refetch(),
    },
    headlinesStale: headlines.isPlaceholderData,
    progressKeys: [chartsOptions.queryKey],
  };
}
