import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';

export type UpstreamOptions = {
  /** Base URL of the other deployment, e.g. `https://mail.example.com` or `…/prefix`. */
  upstream: string;
  /** How long to wait for the upstream's headers and between body chunks. */
  timeoutMs?: number;
};

// Imports upload up to 200 MB and are answered only when the upload is complete.
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/**
 * Proxy mode (DESIGN §1, UPSTREAM_API_URL): /api/v1/* and /media/* go to another deployment
 * unchanged, both ways — method, path, query, headers (Authorization included) and body
 * streamed as it arrives; status, headers (WWW-Authenticate, Retry-After) and body of the
 * answer as they come back. Authentication, throttling and limits are the upstream's.
 * Registered without fastify-plugin so the raw-body parser below stays in this scope.
 */
export async function upstreamPlugin(app: FastifyInstance, options: UpstreamOptions) {
  const base = new URL(options.upstream);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  await app.register(replyFrom, {
    base: base.href,
    // reply-from turns certificate checks off (tls.rejectUnauthorized: false) unless told
    // otherwise, and credentials travel here; undici applies `connect` over `tls`.
    undici: { connect: { rejectUnauthorized: true } },
    disableRequestLogging: true,
  });

  // Bodies are never parsed here: JSON, multipart and anything else stream through as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const forward = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(
      // Relative to the base, so a base path (`https://host/prefix/`) is kept.
      request.url.replace(/^\/+/, ''),
      {
        timeout,
        rewriteRequestHeaders: (req, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], req.socket.remoteAddress]
            .filter(Boolean)
            .join(', '),
        }),
        onError: (res, { error }) => {
          request.log.warn({ err: error }, 'upstream request failed');
          void res
            .code(502)
            .header('content-type', 'application/json; charset=utf-8')
            .send({ detail: 'The upstream API could not be reached.' });
        },
      },
    );

  app.all('/api/v1/*', forward);
  app.all('/media/*', forward);
}
