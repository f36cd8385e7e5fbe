import { z } from 'zod';
import { envelope } from '../../contract/common.js';
import { importRecord } from '../../contract/imports.js';
import { list } from '../../contract/lists.js';
import {
  subscriber,
  subscriberPatch,
  subscriberWrite,
  subscriptionStatus,
} from '../../contract/subscribers.js';
import { growthBucket, overview, unsubscribeEntry } from '../../contract/overview.js';
import { deliveryRates } from '../../contract/deliveries.js';
import { domainChecks } from '../../contract/settings.js';
import { suppression, suppressionImportResult } from '../../contract/suppressions.js';
import { webhook, webhookAttempt, webhookEventData } from '../../contract/webhooks.js';
import { erasureResult } from '../../contract/person-data.js';
import {
  clickRecord,
  clientsReport,
  clickMap,
  hitFields,
  openRecord,
  reclassifyResult,
} from '../../contract/statistics.js';
import { form } from '../../contract/forms.js';
import { operationKey } from './spec-surface.js';

/**
 * Every status an operation can answer, with its body schema (issue 32: a document a client
 * generator can trust). Added by rule to what the routes declare, in one place, so the
 * features' routes.ts need not repeat the error statuses; `openapi-statuses.test.ts` walks
 * the routes and fails when one answers a status the document does not list.
 */

type Schema = Record<string, unknown>;
type Response = {
  description: string;
  content?: Record<string, { schema: Schema }>;
  headers?: Record<string, unknown>;
};
export type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
  [key: string]: unknown;
};

const jsonSchema = (schema: z.ZodType): Schema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return rest;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, schema: Schema): Response => ({
  description,
  content: { 'application/json': { schema } },
});

/** Named schemas of the document (components.schemas). */
export const componentSchemas: Record<string, Schema> = {
  // `code` names a refusal a client may act on (e.g. `two_factor_required`).
  Detail: jsonSchema(z.object({ detail: z.string(), code: z.string().optional() })),
  // Django REST framework style: each field (or `non_field_errors`) → its messages; for a
  // nested object its own errors; for a list, per item its messages or errors (`{}` for an
  // item without any), as `variants: [{}, {subject: […]}]` or `permissions: [["…"]]`.
  ValidationErrors: {
    type: 'object',
    additionalProperties: {
      anyOf: [
        {
          type: 'array',
          items: {
            anyOf: [
              { type: 'string' },
              { type: 'array', items: { type: 'string' } },
              ref('ValidationErrors'),
            ],
          },
        },
        ref('ValidationErrors'),
      ],
    },
  },
  // A 400 is the messages per field, or, for a body that cannot be read at all (not JSON,
  // empty, a broken multipart form) or an action the resource's state refuses, one `detail`.
  BadRequest: { anyOf: [ref('Detail'), ref('ValidationErrors')] },
  List: jsonSchema(list),
  Import: jsonSchema(importRecord),
  Subscriber: jsonSchema(subscriber),
  SubscriptionStatus: jsonSchema(subscriptionStatus),
  Webhook: jsonSchema(webhook),
  WebhookAttempt: jsonSchema(webhookAttempt),
  WebhookQueued: jsonSchema(z.object({ event_id: z.string(), type: z.string() })),
  Erasure: jsonSchema(erasureResult),
  // Issue 51: opens and clicks say who made them.
  OpenRecord: jsonSchema(openRecord.extend(hitFields)),
  ClickRecord: jsonSchema(clickRecord.extend(hitFields)),
  StatisticsClients: jsonSchema(clientsReport),
  ClickMap: jsonSchema(clickMap),
  Reclassified: jsonSchema(reclassifyResult),
  Form: jsonSchema(form),
  FormSubmission: jsonSchema(z.object({ status: z.literal('pending') })),
  Overview: jsonSchema(overview),
  GrowthBucket: jsonSchema(growthBucket),
  Unsubscribe: jsonSchema(unsubscribeEntry),
  Suppression: jsonSchema(suppression),
  SuppressionImport: jsonSchema(suppressionImportResult),
  DeliveryRates: jsonSchema(deliveryRates),
  DomainChecks: jsonSchema(domainChecks),
};
const page = (item: string): Schema => ({
  ...jsonSchema(envelope(z.unknown())),
  properties: {
    ...(jsonSchema(envelope(z.unknown())).properties as Schema),
    results: { type: 'array', items: ref(item) },
  },
});

/** Success bodies the document names, by operation (others: any JSON). */
const successBodies: Record<string, Schema> = {
  'GET /api/v1/lists': page('List'),
  'POST /api/v1/lists': ref('List'),
  'GET /api/v1/lists/{}': ref('List'),
  'PUT /api/v1/lists/{}': ref('List'),
  'PATCH /api/v1/lists/{}': ref('List'),
  'GET /api/v1/lists/{}/subscribers': page('Subscriber'),
  'POST /api/v1/lists/{}/subscribers': ref('Subscriber'),
  'GET /api/v1/lists/{}/subscribers/{}': ref('Subscriber'),
  'PUT /api/v1/lists/{}/subscribers/{}': ref('Subscriber'),
  'PATCH /api/v1/lists/{}/subscribers/{}': ref('Subscriber'),
  'POST /api/v1/lists/{}/subscribers/{}/activate': ref('SubscriptionStatus'),
  'POST /api/v1/lists/{}/subscribers/{}/unsubscribe': ref('SubscriptionStatus'),
  'GET /api/v1/lists/{}/imports/{}': ref('Import'),
  'POST /api/v1/lists/{}/imports/{}/undo': ref('Import'),
  'GET /api/v1/webhooks': page('Webhook'),
  'POST /api/v1/webhooks': ref('Webhook'),
  'GET /api/v1/webhooks/{}': ref('Webhook'),
  'PATCH /api/v1/webhooks/{}': ref('Webhook'),
  'POST /api/v1/webhooks/{}/rotate-secret': ref('Webhook'),
  'GET /api/v1/webhooks/{}/attempts': page('WebhookAttempt'),
  'POST /api/v1/webhooks/{}/test': ref('WebhookQueued'),
  'POST /api/v1/webhooks/{}/attempts/{}/replay': ref('WebhookQueued'),
  'POST /api/v1/people/{}/erase': ref('Erasure'),
  'GET /api/v1/statistics/opens': page('OpenRecord'),
  'GET /api/v1/statistics/clicks': page('ClickRecord'),
  'GET /api/v1/statistics/clients': ref('StatisticsClients'),
  'GET /api/v1/statistics/click-map': ref('ClickMap'),
  'POST /api/v1/statistics/reclassify': ref('Reclassified'),
  'GET /api/v1/forms': page('Form'),
  'POST /api/v1/forms': ref('Form'),
  'GET /api/v1/forms/{}': ref('Form'),
  'PATCH /api/v1/forms/{}': ref('Form'),
  'POST /f/{}': ref('FormSubmission'),
  'GET /api/v1/overview': ref('Overview'),
  'GET /api/v1/lists/{}/growth': { type: 'array', items: ref('GrowthBucket') },
  'GET /api/v1/lists/{}/unsubscribes': { type: 'array', items: ref('Unsubscribe') },
  'GET /api/v1/suppressions': page('Suppression'),
  'POST /api/v1/suppressions': ref('Suppression'),
  'POST /api/v1/suppressions/import': ref('SuppressionImport'),
  'GET /api/v1/deliveries/{}/rates': ref('DeliveryRates'),
  'GET /api/v1/settings/sending/domains': ref('DomainChecks'),
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
  // The undo runs as a job; the Import record shows its progress (issue 53).
  'POST /api/v1/lists/{}/imports/{}/undo': 202,
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

/**
 * The events Mailboard POSTs to webhook endpoints, as OpenAPI 3.1 `webhooks`: each body is
 * `{type, id, timestamp, data}`, signed with the Standard Webhooks headers.
 */
export const webhookDocuments = () =>
  Object.fromEntries(
    Object.entries(webhookEventData).map(([type, data]) => [
      type,
      {
        post: {
          summary: `${type} event`,
          'x-extension': true,
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'id', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: type },
                    id: { type: 'string', description: 'Stable event id (also webhook-id).' },
                    timestamp: {
                      type: 'string',
                      description: 'When the event happened (ISO 8601).',
                    },
                    data: jsonSchema(data),
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx: received. Anything else is retried.' } },
        },
      },
    ]),
  );
