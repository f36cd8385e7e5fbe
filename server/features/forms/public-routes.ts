import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { pageLanguage, sendPublicPage, type PageLanguage } from '../../lib/public-page.js';
import { formPage, thanksPage, unavailablePage } from './page.js';
import { addressBlock, issueChallenge, signTimestamp } from './protections.js';
import { publicForm } from './form-cache.js';
import type { FormRow } from './repository.js';
import { handleSubmission, type SubmissionContext } from './submission.js';

const BODY_LIMIT = 16 * 1024;

/** The ALTCHA widget and its stylesheet, served from our origin; read on first use. */
const widgetFiles = new Map<string, string>();
const widgetFile = (file: string) => {
  let text = widgetFiles.get(file);
  if (text === undefined) {
    // Resolves dist/main/altcha.umd.cjs; the stylesheet is the one the widget would inline.
    const main = path.dirname(createRequire(import.meta.url).resolve('altcha'));
    text = readFileSync(path.join(main, file), 'utf8');
    widgetFiles.set(file, text);
  }
  return text;
};

/** The optional script of the snippet: adds the invisible proof-of-work to its form. */
const formScript = (
  id: number,
) => `// Mailboard sign-up form ${id}: an invisible proof-of-work (ALTCHA) for the form posting here.
const base = new URL(import.meta.url);
const form = document.querySelector('form[action$="/f/${id}"]');
if (form) {
  // The widget skips inlining its styles (which a strict CSP refuses) when this element exists.
  const css = document.createElement('link');
  css.id = 'altcha-css';
  css.rel = 'stylesheet';
  css.href = new URL('/f/assets/altcha.css', base).href;
  document.head.append(css);
  await import(new URL('/f/assets/altcha.js', base).href);
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', new URL('/f/${id}/challenge', base).href);
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('name', 'altcha');
  widget.setAttribute('display', 'invisible');
  form.append(widget);
}
`;

/** Scripts and the challenge are fetched by pages of other origins (module scripts use CORS). */
const crossOrigin = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');

/** Every submission's answer, whatever became of it (issue 50: the answer never tells). */
function answer(request: FastifyRequest, reply: FastifyReply, id: number, form?: FormRow) {
  // Readable by a page of any origin (its fetch sent JSON after a preflight).
  reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
  if (request.headers['content-type']?.startsWith('application/json'))
    return reply.code(202).send({ status: 'pending' });
  return reply
    .code(303)
    .header('location', form?.redirectUrl ?? `/f/${id}/thanks`)
    .send();
}

/** The posted fields: urlencoded (the snippet, the hosted page) or a JSON object. */
function fieldsOf(body: unknown): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number')
      values.set(name, [...(values.get(name) ?? []), String(value)]);
  };
  if (typeof body === 'string') for (const [k, v] of new URLSearchParams(body)) add(k, v);
  else if (body && typeof body === 'object')
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v)) v.forEach((item) => add(k, item));
      else add(k, v);
    }
  return values;
}

/**
 * The public side of forms, outside /api (no authentication): the hosted page, its
 * thank-you page, submissions from any origin, the proof-of-work challenge and scripts.
 */
export async function formPublicRoutes(
  app: FastifyInstance,
  {
    db,
    ipBudget,
    minFillMs,
    secret,
  }: { db: Db; ipBudget: number; minFillMs: number; secret: () => Promise<string> },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const config = { public: true } as const;
  type Params = { Params: { id: string } };
  const formOf = async (raw: string) => {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
    return publicForm(db, id);
  };
  const languageOf = (request: FastifyRequest, form?: FormRow): PageLanguage =>
    pageLanguage([form?.language], request.headers['accept-language']);

  app.get<Params>('/f/:id', { config }, async (request, reply) => {
    const form = await formOf(request.params.id);
    const language = languageOf(request, form);
    if (!form) return sendPublicPage(reply, 404, unavailablePage(language));
    const page = formPage(
      { id: form.id, lists: form.listNames, fields: form.asked },
      language,
      signTimestamp(await secret(), form.id),
    );
    const targets = form.redirectUrl ? [new URL(form.redirectUrl).origin] : [];
    return sendPublicPage(reply, 200, page, { formTargets: targets });
  });

  app.get<Params>('/f/:id/thanks', { config }, async (request, reply) => {
    const form = await formOf(request.params.id);
    return sendPublicPage(reply, 200, thanksPage(languageOf(request, form)));
  });

  app.post<Params>(
    '/f/:id',
    { config, bodyLimit: BODY_LIMIT, logLevel: 'warn' },
    async (request, reply) => {
      const form = await formOf(request.params.id);
      if (!form) return answer(request, reply, Number(request.params.id) || 0);
      const context: SubmissionContext = { db, secret: await secret(), ipBudget, minFillMs };
      await handleSubmission(context, form, {
        values: fieldsOf(request.body),
        block: addressBlock(request.ip),
        language: languageOf(request, form),
      });
      return answer(request, reply, form.id, form);
    },
  );

  // The preflight of a cross-origin JSON post, for this route only: no credentials are
  // involved (the answer is the same to anyone), so any origin may post.
  app.options<Params>('/f/:id', { config, logLevel: 'warn' }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send(),
  );

  app.get<Params>('/f/:id/challenge', { config }, async (request, reply) => {
    const form = await formOf(request.params.id);
    crossOrigin(reply).header('cache-control', 'no-store');
    if (!form) return reply.code(404).send({ detail: 'Not found.' });
    return issueChallenge(db, await secret(), form.id);
  });

  app.get<Params>('/f/:id/script.js', { config }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) return reply.code(404).send();
    return crossOrigin(reply)
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(formScript(id));
  });

  app.get('/f/assets/altcha.js', { config }, async (_request, reply) =>
    crossOrigin(reply)
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(widgetFile('altcha.min.js')),
  );
  app.get('/f/assets/altcha.css', { config }, async (_request, reply) =>
    crossOrigin(reply)
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(widgetFile('../external/altcha.css')),
  );
}
