import { sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { ClassFilter, ClientsReport } from '../../../contract/statistics.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { reasonNames } from '../sending/index.js';

type Row = {
  kind: 'opens' | 'clicks';
  agent: string | null;
  class: string;
  reasons: number;
  n: string | number;
};

/** The mail client or browser behind a user agent, as an analyst names it. */
function familyOf(agent: string | null, hitClass: string): string {
  if (hitClass === 'apple_proxy') return 'Apple Mail';
  if (!agent) return 'Unknown';
  if (/googleimageproxy|ggpht\.com/i.test(agent)) return 'Gmail';
  if (/yahoomailproxy/i.test(agent)) return 'Yahoo Mail';
  if (/outlook|microsoft office/i.test(agent)) return 'Outlook';
  if (/thunderbird/i.test(agent)) return 'Thunderbird';
  const { browser, os } = new UAParser(agent).getResult();
  // Apple Mail shows messages in WebKit without naming a browser.
  if (browser.name === 'WebKit' && /iOS|Mac OS/.test(os.name ?? '')) return 'Apple Mail';
  return browser.name ?? 'Other';
}

function deviceOf(agent: string | null, hitClass: string): string {
  if (hitClass === 'apple_proxy' || /googleimageproxy|yahoomailproxy/i.test(agent ?? ''))
    return 'proxy';
  if (hitClass !== 'human') return 'machine';
  if (!agent) return 'unknown';
  const type = new UAParser(agent).getDevice().type;
  return type === 'mobile' || type === 'tablet' ? 'mobile' : 'desktop';
}

/**
 * GET /statistics/clients (issue 51): a mailing's opens and clicks by client family, device
 * type, class, and (machines') reason. Counted per user agent in the database (one row per agent and class), parsed here.
 */
export async function clientsReport(
  db: Executor,
  mailing: number,
  hitClass: ClassFilter,
  lists: number[] | null,
): Promise<ClientsReport> {
  const onlyClass =
    hitClass === 'human'
      ? sql`AND h.class = 'human'`
      : hitClass === 'machine'
        ? sql`AND h.class <> 'human'`
        : sql``;
  const visible = lists
    ? sql`AND h.mailing_id IN (SELECT id FROM mailings WHERE list_id IN
         (SELECT jsonb_array_elements_text(${JSON.stringify(lists)}::jsonb)::int))`
    : sql``;
  const of = (kind: 'opens' | 'clicks') =>
    sql`SELECT ${kind} AS kind, a.agent, h.class, h.reasons, count(*) AS n
          FROM ${sql.raw(`stat_${kind}`)} h LEFT JOIN tracking_user_agents a ON a.id = h.agent_id
         WHERE h.mailing_id = ${mailing}::bigint ${onlyClass} ${visible}
         GROUP BY a.agent, h.class, h.reasons`;
  const rows = await queryRows<Row>(db, sql`${of('opens')} UNION ALL ${of('clicks')}`);
  const families = new Map<string, { opens: number; clicks: number }>();
  const devices = new Map<string, { opens: number; clicks: number }>();
  const classes = new Map<string, { opens: number; clicks: number }>();
  const reasons = new Map<string, { opens: number; clicks: number }>();
  const add = (map: typeof families, name: string, row: Row) => {
    const entry = map.get(name) ?? { opens: 0, clicks: 0 };
    entry[row.kind] += Number(row.n);
    map.set(name, entry);
  };
  for (const row of rows) {
    add(families, familyOf(row.agent, row.class), row);
    add(devices, deviceOf(row.agent, row.class), row);
    add(classes, row.class, row);
    // "Why machine": the reasons of machines' hits (a hit may have several).
    if (row.class !== 'human') for (const r of reasonNames(row.reasons)) add(reasons, r, row);
  }
  const sorted = (map: typeof families) =>
    [...map]
      .map(([name, counts]) => ({ name, ...counts }))
      .sort((a, b) => b.opens + b.clicks - (a.opens + a.clicks) || a.name.localeCompare(b.name));
  return {
    families: sorted(families),
    devices: sorted(devices),
    classes: sorted(classes),
    reasons: sorted(reasons),
  };
}
