import { subscriberOrderingFields, type SubscriberQuery } from '../../../contract/subscribers';
import { readTableParams, writeTableParams, type TableParams } from '../../components/table-params';
import { isSubscriptionState, type SubscriptionState } from './states';

/**
 * The subscriber table's view, all of it in the query string (docs/architecture.md §3.5) so a view can be
 * shared and survives a reload: `subscription` (the state tab; absent = all), `email`
 * (exact lookup), `search` (part of a name or address, extension), `paused` (extension), `page`, `page_size`, `ordering`, `columns` (absent = the default set).
 */
export type StateTab = 'all' | SubscriptionState;

export type SubscriberView = {
  state: StateTab;
  email: string;
  search: string;
  /** Only those whose mail is paused now (`paused=true`, extension, issue 50). */
  paused: boolean;
  page: number;
  pageSize: number;
  ordering: string | undefined;
  /** Chosen column names in order; null = the default columns. */
  columns: string[] | null;
};

export type ViewChange = Partial<Omit<SubscriberView, 'page'>> & { page?: number };

export const tableDefaults = { orderingFields: subscriberOrderingFields } as const;

export function readView(params: URLSearchParams): SubscriberView {
  const { page, pageSize, ordering } = readTableParams(params, tableDefaults);
  const raw = params.get('subscription');
  const columns = params.get('columns');
  return {
    state: isSubscriptionState(raw) ? raw : 'all',
    email: (params.get('email') ?? '').trim(),
    search: (params.get('search') ?? '').trim(),
    paused: params.get('paused') === 'true',
    page,
    pageSize,
    ordering,
    columns: columns === null ? null : columns.split(',').filter(Boolean),
  };
}

/**
 * The query string after a change. A different filter or page size starts at page 1;
 * choosing columns keeps the page. Parameters of other screens are left alone.
 */
export function writeView(params: URLSearchParams, change: ViewChange): URLSearchParams {
  const tableChange: Partial<TableParams> = {};
  if ('ordering' in change) tableChange.ordering = change.ordering;
  if ('pageSize' in change) tableChange.pageSize = change.pageSize;
  if ('page' in change) tableChange.page = change.page;
  const next = writeTableParams(params, tableChange, tableDefaults);
  const filterChanged =
    'state' in change || 'email' in change || 'search' in change || 'paused' in change;
  if ('paused' in change) {
    if (change.paused) next.set('paused', 'true');
    else next.delete('paused');
  }
  if ('state' in change) {
    if (!change.state || change.state === 'all') next.delete('subscription');
    else next.set('subscription', change.state);
  }
  if ('email' in change) {
    const email = change.email?.trim();
    if (email) next.set('email', email);
    else next.delete('email');
  }
  if ('search' in change) {
    const search = change.search?.trim();
    if (search) next.set('search', search);
    else next.delete('search');
  }
  if (filterChanged && !('page' in change)) next.delete('page');
  if ('columns' in change) {
    if (change.columns === null || change.columns === undefined) next.delete('columns');
    else next.set('columns', change.columns.join(','));
  }
  return next;
}

/** The filter part of the view, as the collection's query parameters. */
export function filterQuery(
  view: Pick<SubscriberView, 'state' | 'email'> & { search?: string; paused?: boolean },
): SubscriberQuery {
  return {
    ...(view.paused ? { paused: 'true' as const } : {}),
    ...(view.state === 'all' ? {} : { subscription: view.state }),
    ...(view.email ? { email: view.email } : {}),
    ...(view.search ? { search: view.search } : {}),
  };
}

/** Everything the page request sends. */
export function pageQuery(view: SubscriberView): SubscriberQuery {
  return {
    ...filterQuery(view),
    page: view.page,
    page_size: view.pageSize,
    ...(view.ordering ? { ordering: view.ordering } : {}),
  };
}

/** A key that changes whenever the set of matching subscribers does (resets a selection). */
export const filterKey = (view: SubscriberView) =>
  `${view.state}\u0000${view.email.toLowerCase()}\u0000${view.search.toLowerCase()}\u0000${view.paused}`;
