import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Request logs never carry a secret: whoever reads the logs (an operator, a log service)
 * must not be able to reset a password, accept an invitation or act for a subscriber. The
 * logged `url` keeps its shape, with the secret replaced: `/api/v1/password-reset/[redacted]`.
 */
export const REDACTED = '[redacted]';

/** Anywhere in a path (the API's routes and the dashboard's pages of mailed links). */
const TOKEN_AFTER = new Set(['password-reset', 'invitation']);
/** The links in messages, at the root: how many segments name the route before its token. */
const MESSAGE_LINK_DEPTH = new Map([
  ['u', 1],
  ['c', 1],
  ['t', 2],
]);
/** Query parameters that carry a credential, whatever route they are sent to. */
const SECRET_PARAMETER = /token|secret|passw|session|signature|^sig$|^(api[_-]?)?key$|^otp$/i;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The path up to its token, then REDACTED; as the router reads it (`%2D` is `-`, `//` is `/`). */
function redactPath(path: string): string {
  const segments = path.split('/');
  const named = segments.flatMap((s, i) => (s === '' ? [] : [{ i, name: decoded(s) }]));
  const depth = MESSAGE_LINK_DEPTH.get(named[0]?.name ?? '');
  const from = depth ?? named.findIndex((s) => TOKEN_AFTER.has(s.name)) + 1;
  const token = from > 0 ? named[from] : undefined;
  return token ? `${segments.slice(0, token.i).join('/')}/${REDACTED}` : path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0]!;
      return SECRET_PARAMETER.test(decoded(name.replace(/\+/g, ' ')))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
}

/** A request URL (path and query) as it may be logged. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return redactPath(url);
  return `${redactPath(url.slice(0, mark))}?${redactQuery(url.slice(mark + 1))}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The `logger` option of Fastify with the request serializer that redacts secrets. */
export function redactingLogger(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
