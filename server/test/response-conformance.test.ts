import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { responseConformance } from './response-conformance.js';

/** The harness's check itself: it must see an answer the document does not allow. */
const document = {
  paths: {
    '/api/v1/lists/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/List' },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      List: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
};

async function answer(body: unknown, status = 200, url = '/api/v1/lists/:id') {
  const conformance = responseConformance();
  const route = { url, method: 'GET' } as RouteOptions;
  conformance.onRoute(route);
  const [onSend] = [route.onSend].flat() as unknown as ((...args: unknown[]) => unknown)[];
  const reply = { statusCode: status, getHeader: () => 'application/json; charset=utf-8' };
  await onSend!({ method: 'GET' }, reply, JSON.stringify(body));
  return conformance.violations(() => document);
}

describe('response conformance', () => {
  it('passes an answer the document allows', async () => {
    expect(await answer({ id: 1, name: 'News' })).toEqual([]);
  });

  it('names the operation, the status and the first mismatch of one it does not', async () => {
    expect(await answer({ id: '1', name: 'News' })).toEqual([
      'GET /api/v1/lists/{id} 200: /id must be integer in {"id":"1","name":"News"}',
    ]);
    expect(await answer({ id: 1 })).toEqual([
      `GET /api/v1/lists/{id} 200: / must have required property 'name' in {"id":1}`,
    ]);
  });

  it('leaves statuses and routes the document does not describe to the statuses test', async () => {
    expect(await answer({ anything: true }, 418)).toEqual([]);
    expect(await answer({ anything: true }, 200, '/api/v1/other')).toEqual([]);
  });
});
