import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './http-errors.js';

/**
 * DRF OrderingFilter: `ordering=name,-create_datetime`. Unknown fields are a 400 naming the
 * parameter (docs/decisions/api-choices.md: malformed query values are 400). `id` is always the last key, so
 * pages are stable when other keys tie.
 */
export function parseOrdering(
  value: string | undefined,
  columns: Record<string, AnyPgColumn | SQLWrapper>,
  idColumn: AnyPgColumn,
): SQL[] {
  return parseOrderingTerms(value, columns, idColumn).map(({ column, descending }) =>
    descending ? desc(column) : asc(column),
  );
}

export type OrderingTerm = { name: string; column: AnyPgColumn | SQLWrapper; descending: boolean };

/** The same as {@link parseOrdering}, as terms a caller can reverse or compare with. */
export function parseOrderingTerms(
  value: string | undefined,
  columns: Record<string, AnyPgColumn | SQLWrapper>,
  idColumn: AnyPgColumn,
): OrderingTerm[] {
  const terms = (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const order: OrderingTerm[] = [];
  let hasId = false;
  for (const term of terms) {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    const column = columns[name];
    if (!column) {
      throw badRequest(
        'ordering',
        `Unknown ordering field "${name}". Allowed: ${Object.keys(columns).join(', ')}.`,
      );
    }
    if (column === idColumn) hasId = true;
    order.push({ name, column, descending });
  }
  if (!hasId) order.push({ name: 'id', column: idColumn, descending: false });
  return order;
}
