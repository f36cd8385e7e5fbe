import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/types.js';
import { HttpError, notFound } from '../../lib/http-errors.js';

export type Subscription = { id: number; listId: number };

/**
 * Every subscriber record of an address on every list, in any letter case and any state:
 * one index probe per list on (list_id, lower(email)).
 */
export async function subscriptionsOf(db: Executor, email: string): Promise<Subscription[]> {
  const result = (await db.execute(
    sql`SELECT s.id, s.list_id FROM lists l
          JOIN subscribers s ON s.list_id = l.id AND lower(s.email) = ${email}
         ORDER BY s.id`,
  )) as unknown as { rows: { id: number; list_id: number }[] };
  return result.rows.map((r) => ({ id: r.id, listId: r.list_id }));
}

/** The records the caller may see: others' lists do not exist for it (404 when none is left). */
export function visibleSubscriptions(request: FastifyRequest, all: Subscription[]) {
  const grants = request.access.lists;
  const visible = grants ? all.filter((s) => grants.has(s.listId)) : all;
  if (visible.length === 0) throw notFound();
  return visible;
}

/**
 * An erasure reaches every list the person is on, so a caller limited to some lists must
 * manage each of them: 403 naming none of the others. A caller limited to lists that sees
 * none of the person's gets 404; one who sees every list may erase an address with no
 * record left (its hits, messages and copies).
 */
export function assertManagesAll(request: FastifyRequest, all: Subscription[]) {
  const grants = request.access.lists;
  if (!grants) return;
  visibleSubscriptions(request, all);
  if (all.some((s) => grants.get(s.listId) !== 'manage'))
    throw new HttpError(403, {
      detail:
        'This person is also on lists you may not manage: only someone who manages all of them can erase the person.',
    });
}
