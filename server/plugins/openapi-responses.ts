import type { z } from 'zod';
import {
  json,
  jsonSchema,
  ref,
  successBodies,
  type Response,
  type Schema,
} from './openapi-bodies.js';
import { subscriberPatch, subscriberWrite } from '../../contract/subscribers.js';
import { operationKey } from './spec-surface.js';

/**
 * Every status an operation can answer, with its body schema (issue 32: a document a client
 * generator can trust). Added by rule to what the routes declare, in one place, so the
 * features' routes.ts need not repeat the error statuses; `openapi-statuses.test.ts` walks
 * the routes and fails when one answers a status the document does not list.
 */

export type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
  [key: string]: unknown;
};

/** 409 with a `detail`: a change that would leave the team without what it needs (roles). */
const detailConflicts: Record<string, string> = {
  'POST /api/v1/lists/{}/imports/{}/undo':
    'The import has not finished, or is already undone (an undo runs once).',
  'PATCH /api/v1/users/{}': 'The last active admin cannot be demoted or deactivated.',
  'DELETE /api/v1/users/{}': 'The last active admin cannot be removed.',
  'DELETE /api/v1/roles/{}': 'The role is still given to users.',
  'POST /api/v1/users/{}/password-reset': 'The user has not accepted the invitation yet.',
};

/** 409 with the existing subscriber: a creation or an email change that collides (spec). */
const conflicts = new Set([
  'POST /api/v1/lists/{}/subscribers',
  'PUT /api/v1/lists/{}/subscribers/{}',
  'PATCH /api/v1/lists/{}/subscribers/{}',
]);

/**
 * The success status of operations that do not follow the rule (POST creates: 201; DELETE:
 * 204; everything else 200). A POST that acts on a resource instead of creating one answers
 * 200, or 202 when it only queues work.
 */
const successOverrides: Record<string, number> = {
  'POST /api/v1/lists/{}/subscribers/{}/activate': 200,
  'POST /api/v1/lists/{}/subscribers/{}/unsubscribe': 200,
  'POST /api/v1/webhooks/{}/rotate-secret': 200,
  'POST /api/v1/lists/{}/automations/{}/activate': 200,
  'POST /api/v1/lists/{}/automations/{}/pause': 200,
  // A bounce report is recorded against existing deliveries: `{received, recorded}`.
  'POST /api/v1/bounces': 200,
  // An erasure acts on a person: `{reference, lists, removed}`.
  'POST /api/v1/people/{}/erase': 200,
  'POST /api/v1/statistics/reclassify': 200,
  // A relay's events (issue 52), likewise `{received, recorded}`.
  'POST /api/v1/bounces/{}': 200,
  'POST /api/v1/webhooks/{}/test': 202,
  'POST /api/v1/mailings/{}/test': 202,
  'POST /api/v1/lists/{}/test-messages': 202,
  'POST /api/v1/webhooks/{}/attempts/{}/replay': 202,
  // A sign-up form's submission: JSON 202 `{status: "pending"}`, a form post 303 (issue 50).
  'POST /f/{}': 202,
  // Its CORS preflight, so a page of another origin may post JSON and read the answer.
  'OPTIONS /f/{}': 204,
  // The undo runs as a job; the Import record shows its progress (issue 53).
  'POST /api/v1/lists/{}/imports/{}/undo': 202,
  // The preference centre's pages answer with a page, whatever was asked (issue 50).
  'POST /p': 200,
  'POST /p/{}': 200,
  // Entries added to the suppression list: `{added, existing, invalid, errors}`.
  'POST /api/v1/suppressions/import': 200,
};

export const extraSuccessStatuses: Record<string, number[]> = {
  // A sign-up form posted as a form: 303 to the thank-you page (issue 50).
  'POST /f/{}': [303],
  // An address or domain already on the list: the existing entry.
  'POST /api/v1/suppressions': [200],
};

/**
 * Request bodies of routes that validate in the handler (a subscriber's custom fields are
 * only known per list): the built-in fields, any custom field beside them.
 */
const withCustomFields = (schema: z.ZodType) => ({
  ...jsonSchema(schema),
  additionalProperties: true,
});
const requestBodies: Record<string, Schema> = {
  'POST /api/v1/lists/{}/subscribers': withCustomFields(subscriberWrite),
  'PUT /api/v1/lists/{}/subscribers/{}': withCustomFields(subscriberWrite),
  'PATCH /api/v1/lists/{}/subscribers/{}': withCustomFields(subscriberPatch),
};
const bodyOf = (schema: Schema) => ({
  required: true,
  content: {
    'application/json': { schema },
    'application/x-www-form-urlencoded': { schema },
    'multipart/form-data': { schema },
  },
});

const detail = (description: string) => json(description, ref('Detail'));

function successStatus(method: string, key: string) {
  if (key in successOverrides) return successOverrides[key]!;
  if (method === 'post') return 201;
  if (method === 'delete') return 204;
  return 200;
}

/** Adds the statuses `operation` can answer, keeping any a route declared itself. */
export function documentResponses(method: string, path: string, operation: Operation) {
  const key = operationKey(method, path);
  if (!operation.requestBody && requestBodies[key])
    operation.requestBody = bodyOf(requestBodies[key]);
  const declared = operation.responses ?? {};
  // @fastify/swagger's placeholder for a route that declares no response.
  if (declared['200']?.description === 'Default Response') delete declared['200'];
  const responses: Record<string, Response> = {};
  const success = successStatus(method, key);
  for (const status of [success, ...(extraSuccessStatuses[key] ?? [])])
    responses[String(status)] =
      status === 204 ? { description: 'No content.' } : json('Success.', successBodies[key] ?? {});
  const params = operation.parameters ?? [];
  const hasQuery = params.some((p) => p.in === 'query');
  const hasPath = params.some((p) => p.in === 'path');
  const writes = method !== 'get' && method !== 'options' && method !== 'head';
  if (operation.requestBody || hasQuery || hasPath || writes)
    responses['400'] = json(
      'Invalid data: the messages per field, or a `detail` for a body that cannot be read or an action the state refuses.',
      ref('BadRequest'),
    );
  if (path.startsWith('/api/')) {
    responses['401'] = {
      ...detail('Missing or invalid credentials.'),
      headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    };
  }
  // A browser session's state-changing request without the dashboard's header, or a user
  // not allowed to (roles).
  responses['403'] = detail('Not allowed.');
  if (hasPath || params.some((p) => p.in === 'query' && p.name === 'page'))
    responses['404'] = detail('Not found (or a page past the end).');
  if (conflicts.has(key))
    responses['409'] = json(
      'The email is already in the list: the existing subscriber.',
      ref('Subscriber'),
    );
  const conflict = detailConflicts[key];
  if (conflict) responses['409'] = detail(conflict);
  if (operation.requestBody || writes) {
    responses['413'] = detail('Request entity too large.');
    responses['415'] = detail(
      'Unsupported media type (the body is not JSON, or not the form the operation takes).',
    );
  }
  if (path.startsWith('/api/')) {
    responses['429'] = {
      ...detail('Too many failed sign-ins from this client.'),
      headers: {
        'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
      },
    };
  }
  operation.responses = { ...responses, ...declared };
}
