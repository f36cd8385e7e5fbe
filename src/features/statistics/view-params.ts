import type { ClassFilter } from '../../api/hit-classes';
import type { StatisticKind } from '../../api/statistics';

/**
 * The statistics screen's whole view lives in the query string (docs/architecture.md §3.5), so an
 * analyst can share a link to exactly what they see:
 *
 * - `list`: narrows the mailing choice; without mailings, its mailings are summed.
 * - `mailing` (repeated): mailings overlaid in the charts, at most MAX_MAILINGS.
 * - `campaign`: the API's campaign filter.
 * - `automation` (with `list`), `step` (with `automation`): an automation's mail, one send
 *   step's (its id) when given — the API's extension filters (issue 31).
 * - `start`, `end`: UTC dates (`YYYY-MM-DD`), both inclusive; absent = the last
 *   DEFAULT_RANGE_DAYS days up to today. `day`: a single UTC day (the API's `date`), which
 *   replaces the range.
 * - `unique=1`: only the first record per delivery and recipient (and link, for clicks).
 * - `url`: one clicked link; `bounces=hard|soft`.
 * - `hits=machine|all`: whose opens and clicks are counted; absent = people's (issue 51: the
 *   dashboard shows human first). Not sent where the server does not classify hits.
 * - `align=delivery`: overlaid mailings on the time since their first delivery.
 * - `records=opens|clicks|bounces`, `records_mailing`, `page`, `page_size`: the raw records
 *   table under the charts.
 */
export type BounceType = 'all' | 'hard' | 'soft';
export const bounceTypes: readonly BounceType[] = ['all', 'hard', 'soft'];
export const hitChoices: readonly ClassFilter[] = ['human', 'machine', 'all'];
export const recordKinds: readonly StatisticKind[] = ['opens', 'clicks', 'bounces'];

export type ViewState = {
  list: number | undefined;
  mailings: number[];
  campaign: number | undefined;
  /** An automation of the chosen list (only with `list`). */
  automation: number | undefined;
  /** One send step of that automation, by id (only with `automation`). */
  step: number | undefined;
  /** Inclusive UTC dates; the defaults are filled in when the URL has none. */
  start: string;
  end: string;
  /** A single UTC day; when set, `start` and `end` do not apply. */
  day: string | undefined;
  unique: boolean;
  /** Whose opens and clicks: people (the default), machines or all. */
  hits: ClassFilter;
  url: string | undefined;
  bounces: BounceType;
  align: boolean;
  records: StatisticKind;
  recordsMailing: number | undefined;
};

export type ViewChange = Partial<{
  list: number | undefined;
  mailings: number[];
  campaign: number | undefined;
  automation: number | undefined;
  step: number | undefined;
  /**
   * A new range. `keep` names the bound to leave as the URL has it now: a field's change is
   * written against the current URL, not the render it came from, which may be stale while
   * the charts of an earlier change are still loading (the navigation is a transition).
   */
  range: { start: string; end: string; keep?: 'start' | 'end' };
  day: string | undefined;
  unique: boolean;
  hits: ClassFilter;
  url: string | undefined;
  bounces: BounceType;
  align: boolean;
  records: StatisticKind;
  recordsMailing: number | undefined;
}>;

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_MAILINGS = 6;
export const DAY_MS = 86_400_000;

const positiveInt = (raw: string | null): number | undefined =>
  raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

/** A real calendar date in `YYYY-MM-DD` (no 2025-02-31). */
export function isIsoDate(raw: string | null | undefined): raw is string {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const ms = Date.parse(`${raw}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === raw;
}

/** The server validates `url` as a URL (400 otherwise), so only http(s) links pass. */
export function isClickUrl(raw: string | null | undefined): raw is string {
  if (!raw) return false;
  try {
    const { protocol } = new URL(raw);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) =>
  utcDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** The default range: the last DEFAULT_RANGE_DAYS days, today included. */
export const defaultRange = (today: string) => ({
  start: addDays(today, -(DEFAULT_RANGE_DAYS - 1)),
  end: today,
});

/** Reads the view; anything malformed is ignored rather than sent to the server. */
export function readView(params: URLSearchParams, today: string): ViewState {
  const mailings = [
    ...new Set(params.getAll('mailing').flatMap((raw) => positiveInt(raw) ?? [])),
  ].slice(0, MAX_MAILINGS);
  let start = params.get('start');
  let end = params.get('end');
  if (!isIsoDate(start) || !isIsoDate(end)) ({ start, end } = defaultRange(today));
  else if (start > end) [start, end] = [end, start];
  const day = params.get('day');
  const bounces = params.get('bounces');
  const records = params.get('records');
  const hits = params.get('hits');
  const recordsMailing = positiveInt(params.get('records_mailing'));
  const list = positiveInt(params.get('list'));
  const automation = list === undefined ? undefined : positiveInt(params.get('automation'));
  return {
    list,
    mailings,
    campaign: positiveInt(params.get('campaign')),
    automation,
    step: automation === undefined ? undefined : positiveInt(params.get('step')),
    start,
    end,
    day: isIsoDate(day) ? day : undefined,
    unique: params.get('unique') === '1',
    hits: hitChoices.includes(hits as ClassFilter) ? (hits as ClassFilter) : 'human',
    url: isClickUrl(params.get('url')) ? params.get('url')! : undefined,
    bounces: bounceTypes.includes(bounces as BounceType) ? (bounces as BounceType) : 'all',
    align: params.get('align') === 'delivery' && mailings.length > 0,
    records: recordKinds.includes(records as StatisticKind) ? (records as StatisticKind) : 'opens',
    recordsMailing,
  };
}

/**
 * The query string after a change. Anything that changes which records match goes back to
 * the first page of records; choosing another list starts a new selection of mailings.
 * Defaults are left out so links stay short.
 */
export function writeView(params: URLSearchParams, change: ViewChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | undefined | false) => {
    if (value === undefined || value === false || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('list' in change) {
    set('list', change.list);
    for (const key of ['mailing', 'url', 'records_mailing', 'align', 'automation', 'step'])
      next.delete(key);
  }
  if ('automation' in change) {
    set('automation', change.automation);
    next.delete('step');
  }
  if ('step' in change) set('step', change.step);
  if ('campaign' in change) {
    set('campaign', change.campaign);
    // Choosing a campaign also opens the comparison of its mailings (campaign-comparison.tsx).
    set('compare', change.campaign);
    for (const key of ['mailing', 'url', 'records_mailing', 'align']) next.delete(key);
  }
  if (change.mailings) {
    next.delete('mailing');
    for (const id of change.mailings.slice(0, MAX_MAILINGS)) next.append('mailing', String(id));
    if (change.mailings.length === 0) next.delete('align');
  }
  if (change.range) {
    const { keep } = change.range;
    const kept = keep ? params.get(keep) : null;
    const range = { ...change.range, ...(keep && isIsoDate(kept) ? { [keep]: kept } : {}) };
    next.set('start', range.start);
    next.set('end', range.end);
    next.delete('day');
  }
  if ('day' in change) set('day', change.day);
  if ('unique' in change) set('unique', change.unique && '1');
  if ('hits' in change) set('hits', change.hits === 'human' ? undefined : change.hits);
  if ('url' in change) set('url', change.url);
  if ('bounces' in change) set('bounces', change.bounces === 'all' ? undefined : change.bounces);
  if ('align' in change) set('align', change.align && 'delivery');
  if ('records' in change) set('records', change.records === 'opens' ? undefined : change.records);
  if ('recordsMailing' in change) set('records_mailing', change.recordsMailing);
  const onlyPresentation = Object.keys(change).every((key) => key === 'align');
  if (!onlyPresentation) next.delete('page');
  return next;
}
