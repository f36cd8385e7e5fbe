import type { Permission } from '../../contract/permissions.js';

/**
 * Which list a route acts on, for users limited to some lists (docs/decisions/roles-and-access.md):
 * - `list_id` / `id`: that route parameter is the list (a route with `:list_id` gets
 *   `list_id` without saying so);
 * - `mailing` / `delivery` / `layout`: the list of the mailing, delivery or layout named by `:id`;
 * - `body-list`: the `list` field of the JSON body (creating a mailing);
 * - `all-lists`: only for users who see every list (creating a list, the outbox);
 * - `filtered`: a collection whose repository leaves other lists' rows out.
 * Other lists do not exist for the user: 404. A write on a list it may only read: 403.
 */
export type ListScope =
  'list_id' | 'id' | 'mailing' | 'delivery' | 'layout' | 'body-list' | 'all-lists' | 'filtered';

/** What a caller needs to reach an /api/ route, declared beside the route (`config.access`). */
export type RouteAccess = {
  /** Every one is needed; `[]`: any signed-in user. */
  needs: Permission[];
  scope?: ListScope;
  /** Needs that depend on the body (a mailing created with deliveries is also a send). */
  alsoNeeds?: (body: unknown) => Permission[];
  /** Open to a user who must set up two-factor sign-in before anything else. */
  duringEnrolment?: true;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Checked by server/plugins/permissions.ts before validation. An /api/ route that
     * declares neither this nor `public` answers 403 to everyone, and
     * server/plugins/permissions.test.ts names it.
     */
    access?: RouteAccess;
    /**
     * Not behind user authentication at all: reached through a mailed link or mid-sign-in,
     * or checking its own token (the bounce webhook).
     */
    public?: boolean;
  }
}

/**
 * The vocabulary of `config.access`, as a route writes it:
 * `api.get('/lists', { config: { access: scoped('filtered', 'lists:read') } }, handler)`.
 */

/** Every permission named is needed; `p()`: any signed-in user. */
export const p = (...needs: Permission[]): RouteAccess => ({ needs });

/** Needs these permissions, and, for a user limited to some lists, the list `scope` says. */
export const scoped = (scope: ListScope, ...needs: Permission[]): RouteAccess => ({
  needs,
  scope,
});

/** Any signed-in user, including one who must set up two-factor sign-in first. */
export const enrolment: RouteAccess = { needs: [], duringEnrolment: true };
