import { webhookEventData } from '../../contract/webhooks.js';
import { jsonSchema } from './openapi-bodies.js';

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
