/** What the audit log says a write did, derived from the route the request matched. */
export type AuditedAction = {
  action: string;
  resourceType: string | null;
  resourceId: string | null;
};

const VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * `POST /api/v1/lists/:list_id/subscribers` → `lists.subscribers.create`, resource
 * `subscribers`; `PUT …/subscribers/:subscriber_id` → `lists.subscribers.update`, resource
 * `subscribers` #id; a POST to a non-plural static segment after a parameter or to a known
 * verb (`/deliveries/:id/pause`, `/me/two-factor/confirm`) names that act:
 * `deliveries.pause` on `deliveries` #id. Routes name resources in the plural, so a
 * trailing static segment ending in "s" is a collection, anything else an act.
 */
export function auditedAction(
  method: string,
  route: string,
  params: Record<string, string | undefined>,
): AuditedAction {
  const segments = route
    .replace(/^\/api\/v1\/?/, '')
    .split('/')
    .filter(Boolean);
  const statics = segments.filter((s) => !s.startsWith(':'));
  const last = segments.at(-1) ?? '';
  const beforeLast = segments.at(-2) ?? '';
  const isAct =
    method === 'POST' &&
    segments.length >= 2 &&
    !last.startsWith(':') &&
    !last.endsWith('s') &&
    (beforeLast.startsWith(':') || KNOWN_ACTS.has(last));
  const verb = isAct ? last : (VERBS[method] ?? method.toLowerCase());
  const nameParts = isAct ? statics.slice(0, -1) : statics;
  // The resource is the last collection named before a parameter, else the last segment.
  const lastParam = [...segments].reverse().find((s) => s.startsWith(':'));
  const resourceIndex =
    isAct || last.startsWith(':') ? segments.lastIndexOf(lastParam ?? '') - 1 : -1;
  const resourceType = resourceIndex >= 0 ? segments[resourceIndex]! : (nameParts.at(-1) ?? null);
  // A mailed link's token is a credential, and a person's address is what an erasure must
  // not leave behind (issue 53): neither is recorded.
  const idParam = lastParam && !UNRECORDED.has(lastParam) ? lastParam.slice(1) : undefined;
  const resourceId = (isAct || last.startsWith(':')) && idParam ? (params[idParam] ?? null) : null;
  return { action: [...nameParts, verb].join('.'), resourceType, resourceId };
}

const UNRECORDED = new Set([':token', ':email']);
const KNOWN_ACTS = new Set(['confirm', 'resend', 'pause', 'resume', 'cancel', 'retry']);
