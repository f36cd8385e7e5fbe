import type { Permission } from '../../contract/permissions.js';

/**
 * Which list a route acts on, for users limited to some lists (docs/architecture.md §15):
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

export type RoutePermission = {
  /** Every one is needed; `[]`: any signed-in user. */
  needs: Permission[];
  scope?: ListScope;
  /** Needs that depend on the body (a mailing created with deliveries is also a send). */
  alsoNeeds?: (body: unknown) => Permission[];
  /** Not behind user auth at all (the route checks its own credentials). */
  public?: true;
  /** Open to a user who must set up two-factor sign-in before anything else. */
  duringEnrolment?: true;
};

const p = (...needs: Permission[]): RoutePermission => ({ needs });
/** Any signed-in user, including one who must set up two-factor sign-in first. */
const enrolment: RoutePermission = { needs: [], duringEnrolment: true };
const scoped = (scope: ListScope, ...needs: Permission[]): RoutePermission => ({ needs, scope });

/** Deliveries come inside the variants of a new mailing: creating one with any is sending. */
const sendsDeliveries = (body: unknown): Permission[] => {
  const variants = (body as { variants?: unknown } | null)?.variants;
  const schedules =
    Array.isArray(variants) &&
    variants.some((v) => {
      const deliveries = (v as { deliveries?: unknown } | null)?.deliveries;
      return Array.isArray(deliveries) && deliveries.length > 0;
    });
  return schedules ? ['mailings:send'] : [];
};

/** A test message filled in with a subscriber's data mails that person's fields: a read. */
const readsSubscriber = (body: unknown): Permission[] =>
  (body as { subscriber?: unknown } | null)?.subscriber === undefined ? [] : ['subscribers:read'];

/**
 * Every /api/v1 route, keyed `METHOD url` as Fastify registers it (HEAD follows GET).
 * A route missing here answers 403 to everyone, and server/plugins/permissions.test.ts
 * names it: adding a route is adding its line.
 */
export const ROUTE_PERMISSIONS: Record<string, RoutePermission> = {
  'GET /api/v1/openapi.json': p(),
  'POST /api/v1/session': { needs: [], public: true },
  'GET /api/v1/session': enrolment,
  'DELETE /api/v1/session': enrolment,
  'GET /api/v1/me': enrolment,
  'POST /api/v1/bounces': { needs: [], public: true },

  'GET /api/v1/lists': scoped('filtered', 'lists:read'),
  'POST /api/v1/lists': scoped('all-lists', 'lists:manage'),
  'GET /api/v1/lists/:id': scoped('id', 'lists:read'),
  'PUT /api/v1/lists/:id': scoped('id', 'lists:manage'),
  'PATCH /api/v1/lists/:id': scoped('id', 'lists:manage'),
  'DELETE /api/v1/lists/:id': scoped('id', 'lists:manage'),

  'GET /api/v1/lists/:list_id/subscribers': p('subscribers:read'),
  'POST /api/v1/lists/:list_id/subscribers': p('subscribers:manage'),
  'OPTIONS /api/v1/lists/:list_id/subscribers': p('subscribers:read'),
  'GET /api/v1/lists/:list_id/subscribers/:id': p('subscribers:read'),
  'PUT /api/v1/lists/:list_id/subscribers/:id': p('subscribers:manage'),
  'PATCH /api/v1/lists/:list_id/subscribers/:id': p('subscribers:manage'),
  'DELETE /api/v1/lists/:list_id/subscribers/:id': p('subscribers:manage'),
  'POST /api/v1/lists/:list_id/subscribers/:id/activate': p('subscribers:manage'),
  'POST /api/v1/lists/:list_id/subscribers/:id/unsubscribe': p('subscribers:manage'),
  'GET /api/v1/lists/:list_id/subscribers/:id/history': p('subscribers:read'),
  'GET /api/v1/subscribers': scoped('filtered', 'subscribers:read'),

  'GET /api/v1/fields': p('lists:read'),
  'POST /api/v1/fields': scoped('all-lists', 'lists:manage'),
  'PATCH /api/v1/fields/:name': scoped('all-lists', 'lists:manage'),
  'DELETE /api/v1/fields/:name': scoped('all-lists', 'lists:manage'),
  'GET /api/v1/lists/:list_id/fields': p('lists:read'),
  'POST /api/v1/lists/:list_id/fields': p('lists:manage'),
  'PATCH /api/v1/lists/:list_id/fields/:name': p('lists:manage'),
  'DELETE /api/v1/lists/:list_id/fields/:name': p('lists:manage'),

  'GET /api/v1/regions': p(),
  'GET /api/v1/regions/:code': p(),
  'GET /api/v1/languages': p(),

  'GET /api/v1/mailings': scoped('filtered', 'mailings:read'),
  'POST /api/v1/mailings': {
    needs: ['mailings:manage'],
    scope: 'body-list',
    alsoNeeds: sendsDeliveries,
  },
  'GET /api/v1/mailings/:id': scoped('mailing', 'mailings:read'),
  'DELETE /api/v1/mailings/:id': scoped('mailing', 'mailings:manage'),
  'GET /api/v1/mailings/:id/deliveries': scoped('mailing', 'mailings:read'),
  'POST /api/v1/mailings/:id/test': scoped('mailing', 'mailings:send'),
  'POST /api/v1/lists/:list_id/test-messages': {
    needs: ['mailings:send'],
    scope: 'list_id',
    alsoNeeds: readsSubscriber,
  },
  'GET /api/v1/deliveries/:id': scoped('delivery', 'mailings:read'),
  'PATCH /api/v1/deliveries/:id': scoped('delivery', 'mailings:send'),
  'POST /api/v1/deliveries/:id/:action': scoped('delivery', 'mailings:send'),
  'GET /api/v1/deliveries/:id/recipients': scoped('delivery', 'mailings:read'),
  'GET /api/v1/outbox': scoped('all-lists', 'mailings:read'),
  'GET /api/v1/outbox/:id': scoped('all-lists', 'mailings:read'),

  'POST /api/v1/lists/:list_id/imports': p('imports:run'),
  'GET /api/v1/lists/:list_id/imports': p('subscribers:read'),
  'GET /api/v1/lists/:list_id/imports/:id': p('subscribers:read'),
  'GET /api/v1/lists/:list_id/imports/:id/errors.csv': p('subscribers:read'),

  'GET /api/v1/statistics/opens': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/opens/series': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/clicks': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/clicks/series': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/clicks/urls': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/bounces': scoped('filtered', 'statistics:read'),
  'GET /api/v1/statistics/bounces/series': scoped('filtered', 'statistics:read'),

  'GET /api/v1/lists/:list_id/segments': p('segments:read'),
  'POST /api/v1/lists/:list_id/segments': p('segments:manage'),
  // A preview writes nothing, but it answers whole subscribers: reading them is needed too.
  'POST /api/v1/lists/:list_id/segments/preview': p('segments:read', 'subscribers:read'),
  'GET /api/v1/lists/:list_id/segments/:id': p('segments:read'),
  'PUT /api/v1/lists/:list_id/segments/:id': p('segments:manage'),
  'PATCH /api/v1/lists/:list_id/segments/:id': p('segments:manage'),
  'DELETE /api/v1/lists/:list_id/segments/:id': p('segments:manage'),
  'GET /api/v1/lists/:list_id/segments/:id/subscribers': p('segments:read', 'subscribers:read'),

  'GET /api/v1/campaigns': p('campaigns:read'),
  // Campaigns are global: changing one spans every list's mailings.
  'POST /api/v1/campaigns': scoped('all-lists', 'campaigns:manage'),
  'GET /api/v1/campaigns/:id': p('campaigns:read'),
  'PUT /api/v1/campaigns/:id': scoped('all-lists', 'campaigns:manage'),
  'PATCH /api/v1/campaigns/:id': scoped('all-lists', 'campaigns:manage'),
  'DELETE /api/v1/campaigns/:id': scoped('all-lists', 'campaigns:manage'),
  'GET /api/v1/campaigns/:id/mailings': scoped('filtered', 'campaigns:read', 'statistics:read'),

  'GET /api/v1/users': p('users:manage'),
  'POST /api/v1/users': p('users:manage'),
  'GET /api/v1/users/:id': p('users:manage'),
  'PATCH /api/v1/users/:id': p('users:manage'),
  'DELETE /api/v1/users/:id': p('users:manage'),
  'POST /api/v1/users/:id/password-reset': p('users:manage'),
  'GET /api/v1/roles': p('users:manage'),
  'POST /api/v1/roles': p('users:manage'),
  'PATCH /api/v1/roles/:name': p('users:manage'),
  'DELETE /api/v1/roles/:name': p('users:manage'),
  // Tokens: one's own with no permission; anyone's with users:manage (checked by the route).
  'GET /api/v1/users/:id/tokens': p(),
  'POST /api/v1/users/:id/tokens': p(),
  'DELETE /api/v1/users/:id/tokens/:token_id': p(),
  // Issue 29's sign-in security: one's own sessions and second factor need no permission;
  // invitations, other users' sessions, the two-factor rule and the audit log are admin work.
  // Mailed links and the second sign-in step check their own token (`public`).
  'POST /api/v1/session/two-factor': { needs: [], public: true },
  'GET /api/v1/invitation/:token': { needs: [], public: true },
  'POST /api/v1/invitation/:token': { needs: [], public: true },
  'POST /api/v1/password-reset': { needs: [], public: true },
  'POST /api/v1/password-reset/:token': { needs: [], public: true },
  'GET /api/v1/me/sessions': enrolment,
  'DELETE /api/v1/me/sessions/:id': enrolment,
  'GET /api/v1/me/two-factor': enrolment,
  'POST /api/v1/me/two-factor': enrolment,
  'POST /api/v1/me/two-factor/confirm': enrolment,
  'DELETE /api/v1/me/two-factor': p(),
  'DELETE /api/v1/users/:id/sessions': p('users:manage'),
  'GET /api/v1/invitations': p('users:manage'),
  'POST /api/v1/invitations': p('users:manage'),
  'GET /api/v1/invitations/:id': p('users:manage'),
  'POST /api/v1/invitations/:id/resend': p('users:manage'),
  'DELETE /api/v1/invitations/:id': p('users:manage'),
  'GET /api/v1/audit': p('users:manage'),
  'GET /api/v1/settings/two-factor': p('settings:manage'),
  'PUT /api/v1/settings/two-factor': p('settings:manage'),
  'GET /api/v1/settings/sending': p('settings:manage'),

  'GET /api/v1/webhooks': p('webhooks:manage'),
  'POST /api/v1/webhooks': p('webhooks:manage'),
  'GET /api/v1/webhooks/:id': p('webhooks:manage'),
  'PATCH /api/v1/webhooks/:id': p('webhooks:manage'),
  'DELETE /api/v1/webhooks/:id': p('webhooks:manage'),
  'POST /api/v1/webhooks/:id/rotate-secret': p('webhooks:manage'),
  'GET /api/v1/webhooks/:id/attempts': p('webhooks:manage'),
  'POST /api/v1/webhooks/:id/test': p('webhooks:manage'),
  'POST /api/v1/webhooks/:id/attempts/:attempt_id/replay': p('webhooks:manage'),

  // Issue 30: a stored layout read back into the composer, and saved templates.
  'GET /api/v1/layouts/:id': scoped('layout', 'mailings:read'),
  'GET /api/v1/templates': scoped('filtered', 'mailings:read'),
  'POST /api/v1/templates': scoped('body-list', 'mailings:manage'),
  'GET /api/v1/templates/:id': p('mailings:read'),
  'DELETE /api/v1/templates/:id': p('mailings:manage'),

  // Issue 31: automations of a list (marketers and admins change them; analysts read).
  'GET /api/v1/lists/:list_id/automations': p('automations:read'),
  'POST /api/v1/lists/:list_id/automations': p('automations:manage'),
  'GET /api/v1/lists/:list_id/automations/:id': p('automations:read'),
  'PATCH /api/v1/lists/:list_id/automations/:id': p('automations:manage'),
  'DELETE /api/v1/lists/:list_id/automations/:id': p('automations:manage'),
  // An active automation sends its steps' mail: activating one is sending.
  'POST /api/v1/lists/:list_id/automations/:id/activate': p('automations:manage', 'mailings:send'),
  'POST /api/v1/lists/:list_id/automations/:id/pause': p('automations:manage'),
  'GET /api/v1/lists/:list_id/automations/:id/runs': p('automations:read'),
};
