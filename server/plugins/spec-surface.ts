/**
 * What the API spec (Subscriber List and Mailing Service API) defines: its operations, and
 * the query parameters each documents. Everything else in the OpenAPI document is one of
 * Mailboard's additive extensions and is marked `x-extension: true`.
 */

/** `METHOD /path` with path parameters written `{}` (their names are ours, not the spec's). */
export const specOperations: Record<string, readonly string[]> = {
  'GET /api/v1/lists': ['page'],
  'POST /api/v1/lists': [],
  'GET /api/v1/lists/{}': [],
  'PUT /api/v1/lists/{}': [],
  'PATCH /api/v1/lists/{}': [],
  'DELETE /api/v1/lists/{}': [],
  'GET /api/v1/lists/{}/subscribers': ['page', 'subscription', 'email'],
  'POST /api/v1/lists/{}/subscribers': [],
  'OPTIONS /api/v1/lists/{}/subscribers': [],
  'GET /api/v1/lists/{}/subscribers/{}': [],
  'PUT /api/v1/lists/{}/subscribers/{}': [],
  'PATCH /api/v1/lists/{}/subscribers/{}': [],
  'DELETE /api/v1/lists/{}/subscribers/{}': [],
  'POST /api/v1/lists/{}/subscribers/{}/activate': [],
  'POST /api/v1/lists/{}/subscribers/{}/unsubscribe': [],
  'GET /api/v1/mailings': ['page', 'list'],
  'POST /api/v1/mailings': [],
  ...Object.fromEntries(
    [
      ['opens', []],
      ['clicks', ['url']],
      ['bounces', ['hard']],
    ].map(([kind, extra]) => [
      `GET /api/v1/statistics/${kind as string}`,
      [
        'page',
        'campaign',
        'mailing',
        'unique',
        'date',
        'from_datetime',
        'to_datetime',
        ...(extra as string[]),
      ],
    ]),
  ),
  'GET /api/v1/regions': ['page', 'code', 'search'],
  'GET /api/v1/regions/{}': [],
  'GET /api/v1/languages': ['page'],
  'POST /api/v1/lists/{}/imports': [],
};

/** The key of an operation of the document (`/lists/{list_id}` → `/lists/{}`). */
export const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
