import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '../../../components/use-can';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { TableFooter } from '../../../components/table-footer';
import { Button, Group, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../../components/link';
import { isApiError } from '../../../api/errors';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { EmptyState, ErrorState } from '../../../components/states';
import { cycleOrdering } from '../../../components/table-params';
import type { ActionKind, StateCounts } from '../actions';
import { BulkDialog, type BulkSource } from '../bulk/bulk-dialog';
import { FALLBACK_FIELDS, visibleColumns } from '../columns';
import { exportFileName } from '../export-csv';
import { useSubscribersList } from '../list-context';
import { subscriberQueries } from '../queries';
import {
  emptySelection,
  pageState,
  pickedTargets,
  selectAllMatching,
  selectionFor,
  toggleOne,
  togglePage,
} from '../selection';
import { stateLabel } from '../states';
import { useSubscriberView } from '../use-subscriber-view';
import { SUBSCRIBER_PAGE_SIZES } from '../../../../contract/subscribers';
import { filterKey, filterQuery, pageQuery } from '../view-params';
import { BulkBar } from './bulk-bar';
import { ColumnChooser } from './column-chooser';
import { EmailElsewhere } from './email-elsewhere';
import { EmailLookup } from './email-lookup';
import { ExportButton } from './export-button';
import { RowActions } from './row-actions';
import { useSingleAction } from './single-action';
import { StateTabs } from './state-tabs';
import { SubscriberTable } from './subscriber-table';

/** A whole address, as the exact lookup takes it (one @, a dot in the domain, no spaces). */
const isAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** A list's subscribers: state tabs, search (or exact email lookup), columns, row and bulk actions, export. */
export function SubscribersScreen() {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const listId = list.id;
  const basePath = `/lists/${listId}/subscribers`;
  const canManage = useCan('subscribers:manage', listId);
  const urlView = useSubscriberView();
  const { update } = urlView;
  // Without the extension the API would ignore `search` and list everyone: exact lookup only.
  const canSearch = useQuery(subscriberQueries.searchSupport()).data !== false;
  // The pause filter (extension, issue 50) only where the API has it (a probe, see the api).
  const canFilterPaused = useQuery(subscriberQueries.pausedSupport(listId)).data === true;
  const view = {
    ...urlView,
    search: canSearch ? urlView.search : '',
    paused: canFilterPaused && urlView.paused,
  };
  // An exact address typed into the search still says where it is when this tab lacks it.
  const lookupEmail = view.email || (isAddress(view.search) ? view.search : '');
  const page = useQuery(subscriberQueries.page(listId, pageQuery(view)));
  const { data, error, isPending, isPlaceholderData, isFetching } = page;
  const fields = useQuery(subscriberQueries.fields(listId)).data ?? FALLBACK_FIELDS;
  const columns = visibleColumns(fields, view.columns);
  const key = filterKey(view);
  const [rawSelection, setSelection] = useState(() => emptySelection(key));
  const selection = selectionFor(rawSelection, key);
  const [bulk, setBulk] = useState<{ kind: ActionKind; source: BulkSource } | null>(null);
  const single = useSingleAction(listId);
  const rows = data?.results ?? [];
  const search = view.search;
  const stateName = view.state === 'all' ? '' : stateLabel(view.state);
  const matching = isPlaceholderData ? undefined : data?.count;

  // DRF answers 404 "Invalid page." past the last page (e.g. after deleting its last rows).
  const pastTheEnd = view.page > 1 && isApiError(error, 404);
  useEffect(() => {
    if (pastTheEnd) update({ page: 1 });
  }, [pastTheEnd, update]);

  const knownCounts = (): StateCounts | undefined => {
    if (view.state !== 'all') return { [view.state]: matching ?? 0 };
    const counts = list.subscriber_counts;
    if (view.email || view.search || view.paused || !counts) return undefined;
    // The unfiltered collection leaves deleted subscribers out.
    return { ...counts, deleted: 0 };
  };

  const openBulk = (kind: ActionKind) =>
    setBulk({
      kind,
      source: selection.all
        ? { kind: 'all', count: matching ?? 0, counts: knownCounts(), filter: filterQuery(view) }
        : { kind: 'items', targets: pickedTargets(selection, rows) },
    });

  return (
    <>
      <PageHeader
        title={t`Subscribers`}
        description={
          <>
            {list.name}
            {list.double_opt_in ? ` · ${t`double opt-in`}` : ''}
          </>
        }
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.name, to: `/lists/${listId}` },
            ]}
          />
        }
        actions={
          <>
            <ExportButton
              listId={listId}
              filter={filterQuery(view)}
              ordering={view.ordering}
              fields={fields}
              fileName={exportFileName(list.name, view.state)}
            />
            {canManage && (
              <Button component={Link} to={`${basePath}/new`} leftSection={<IconPlus size={16} />}>
                <Trans>New subscriber</Trans>
              </Button>
            )}
          </>
        }
      />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        {canSearch ? (
          <SearchInput
            label={t`Search subscribers`}
            placeholder={t`Part of a name or email address`}
            value={view.search || view.email}
            onSearch={(search) => update({ search, email: '' })}
          />
        ) : (
          <EmailLookup value={view.email} onChange={(email) => update({ email })} />
        )}
        {canFilterPaused && (
          <Switch
            label={t`Paused only`}
            checked={view.paused}
            onChange={(e) => update({ paused: e.currentTarget.checked })}
          />
        )}
        <ColumnChooser
          fields={fields}
          chosen={view.columns}
          onChange={(c) => update({ columns: c })}
        />
      </Group>
      <StateTabs
        value={view.state}
        onChange={(state) => update({ state })}
        counts={list.subscriber_counts}
        current={{ count: matching, filtered: Boolean(view.email || view.search || view.paused) }}
      >
        {error && !data && !pastTheEnd ? (
          <ErrorState error={error} onRetry={() => void page.refetch()} />
        ) : (
          <>
            <BulkBar
              selected={selection.items.size}
              all={selection.all}
              matching={matching ?? 0}
              pageAllSelected={pageState(selection, rows) === 'all'}
              onSelectAll={() => setSelection(selectAllMatching(selection))}
              onClear={() => setSelection(emptySelection(key))}
              onAction={openBulk}
            />
            <SubscriberTable
              rows={rows}
              columns={columns}
              emailField={fields.find((f) => f.name === 'email')}
              basePath={basePath}
              ordering={view.ordering}
              onSort={(field) => update({ ordering: cycleOrdering(view.ordering, field) })}
              isSelected={(id) => selection.all || selection.items.has(id)}
              onToggle={(s) => setSelection(toggleOne(selection, s))}
              pageSelection={pageState(selection, rows)}
              onTogglePage={() => setSelection(togglePage(selection, rows))}
              renderActions={(s) => (
                <RowActions
                  subscriber={s}
                  basePath={basePath}
                  busy={single.isRunning(s.id)}
                  onAction={(kind) => single.request(s, kind)}
                />
              )}
              loading={isFetching}
              skeletonRows={isPending ? Math.min(view.pageSize, 8) : 0}
            />
            {data &&
              data.count === 0 &&
              !isPlaceholderData &&
              (lookupEmail ? (
                <EmailElsewhere
                  listId={listId}
                  email={lookupEmail}
                  tab={view.state}
                  onShowTab={(state) => update({ state })}
                  basePath={basePath}
                />
              ) : (
                <EmptyState
                  title={
                    view.search
                      ? t`No subscriber matches “${search}”`
                      : view.state === 'all'
                        ? t`No subscribers yet`
                        : t`No subscribers in “${stateName}”`
                  }
                />
              ))}
            {error && data ? (
              <ErrorState
                error={error}
                onRetry={() => void page.refetch()}
                title={t`Showing older data`}
              />
            ) : null}
            {data && data.count > 0 && (
              <TableFooter
                count={data.count}
                page={view.page}
                pageSize={view.pageSize}
                onPage={(p) => update({ page: p })}
                onPageSize={(pageSize) => update({ pageSize })}
                pageSizes={SUBSCRIBER_PAGE_SIZES}
              />
            )}
          </>
        )}
      </StateTabs>
      {single.dialogs}
      {bulk && (
        <BulkDialog
          listId={listId}
          action={bulk.kind}
          source={bulk.source}
          onClose={(completed) => {
            setBulk(null);
            if (completed) setSelection(emptySelection(key));
          }}
        />
      )}
    </>
  );
}
