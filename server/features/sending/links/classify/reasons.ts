import { sql, type SQL } from 'drizzle-orm';
import { hitReasons, type HitClass, type HitReason } from '../../../../../contract/statistics.js';

/** A reason's bit in the `reasons` column: its index in contract's `hitReasons` (append only). */
export const bit = (reason: HitReason) => 1 << hitReasons.indexOf(reason);

const maskOf = (reasons: readonly HitReason[]) => reasons.reduce((m, r) => m | bit(r), 0);

/** Which reasons make which machine class, strongest first; the rest (legacy, image_proxy) stay human. */
const MACHINE: readonly [Exclude<HitClass, 'human'>, number][] = [
  ['apple_proxy', maskOf(['apple_proxy'])],
  ['scanner', maskOf(['scanner_range', 'scanner_agent', 'head', 'early', 'burst', 'trap'])],
  ['prefetch', maskOf(['bot', 'no_agent'])],
];

export function classOf(reasons: number): HitClass {
  return MACHINE.find(([, mask]) => (reasons & mask) !== 0)?.[0] ?? 'human';
}

/** The same as classOf, as SQL over an integer expression (the burst pass, the hot path). */
export function classSql(reasons: SQL): SQL {
  const cases = MACHINE.map(
    ([name, mask]) => sql`WHEN (${reasons}) & ${sql.raw(String(mask))} <> 0 THEN ${name}`,
  );
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE 'human' END)`;
}

export function reasonNames(reasons: number): HitReason[] {
  return hitReasons.filter((r) => (reasons & bit(r)) !== 0);
}
