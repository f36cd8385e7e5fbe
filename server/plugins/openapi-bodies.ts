import { z } from 'zod';
import { envelope } from '../../contract/common.js';
import { importRecord } from '../../contract/imports.js';
import { list } from '../../contract/lists.js';
import { subscriber, subscriptionStatus } from '../../contract/subscribers.js';
import { growthBucket, overview, unsubscribeEntry } from '../../contract/overview.js';
import { deliveryRates } from '../../contract/deliveries.js';
import { domainChecks } from '../../contract/settings.js';
import { suppression, suppressionImportResult } from '../../contract/suppressions.js';
import { webhook, webhookAttempt } from '../../contract/webhooks.js';
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
import { me } from '../../contract/permissions.js';

/**
 * The bodies of the OpenAPI document (openapi-responses.ts adds them by rule): the named
 * schemas of components.schemas and each operation's success body, from the contract's zod
 * schemas.
 */

export type Schema = Record<string, unknown>;
export type Response = {
  description: string;
  content?: Record<string, { schema: Schema }>;
  headers?: Record<string, unknown>;
};

export const jsonSchema = (schema: z.ZodType): Schema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return rest;
};
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (description: string, schema: Schema): Response => ({
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
  Me: jsonSchema(me),
};
const page = (item: string): Schema => ({
  ...jsonSchema(envelope(z.unknown())),
  properties: {
    ...(jsonSchema(envelope(z.unknown())).properties as Schema),
    results: { type: 'array', items: ref(item) },
  },
});

/** Success bodies the document names, by operation (others: any JSON). */
export const successBodies: Record<string, Schema> = {
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
  'GET /api/v1/me': ref('Me'),
  'PATCH /api/v1/me': ref('Me'),
};
