import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../../contract/escape-html.js';
import { pageLanguage, sendPublicPage, type PageLanguage } from '../../lib/public-page.js';
import { manageLink, manageUrl, type SendingContext } from '../sending/index.js';
import { messagePage, preferencesPage, requestPage, PAUSE_DAYS } from './pages.js';
import {
  askedFields,
  linkRecipients,
  offeredLists,
  savePreferences,
  subscriptionsOf,
  takeLinkBudget,
  type AskedField,
  type PreferenceChoice,
  type Subscription,
} from './repository.js';
import { TEXTS } from './texts.js';

/** How long a link works: over a year, so a saved mail's link still opens its page. */
export const LINK_DAYS = 400;
const DAY_MS = 86_400_000;

type TokenParams = { Params: { token: string } };

const form = (request: FastifyRequest) =>
  new URLSearchParams(typeof request.body === 'string' ? request.body : '');

const accepted = (request: FastifyRequest) => request.headers['accept-language'];

/**
 * The preference centre (issue 50 item 5), public pages outside /api: GET shows, only POST
 * changes (mail scanners open links). A POST is authorised by the signed token in its URL,
 * which only the mail's reader has; a browser's cross-site POST is refused as well.
 */
export async function preferenceRoutes(
  app: FastifyInstance,
  { db, sending }: { db: Db; sending: SendingContext },
) {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
  }
  const page = (reply: FastifyReply, status: number, p: Parameters<typeof sendPublicPage>[2]) =>
    sendPublicPage(reply, status, p);

  /** The token's subscriber id, or the page that says why there is none. */
  const verified = (request: FastifyRequest<TokenParams>, reply: FastifyReply) => {
    const p = sending.signer.verify(request.params.token);
    const language = pageLanguage([], accepted(request));
    const t = TEXTS[language];
    if (p?.kind !== 'p')
      return void page(reply, 404, messagePage(language, t.invalidTitle, t.invalid, true));
    const today = Math.floor(Date.now() / DAY_MS);
    if (p.day > today + 1 || today - p.day > LINK_DAYS)
      return void page(reply, 410, messagePage(language, t.invalidTitle, t.expired, true));
    if (p.subscriber === 0) return void page(reply, 200, messagePage(language, t.title, t.test));
    return p.subscriber;
  };

  const context = async (request: FastifyRequest, subscriber: number) => {
    const shown = await subscriptionsOf(db, subscriber);
    const fields = shown.length
      ? await askedFields(
          db,
          shown.map((s) => s.list_id),
        )
      : [];
    const offered = shown.length ? await offeredLists(db, subscriber) : [];
    const language = pageLanguage([shown[0]?.language], accepted(request));
    return { shown, offered, fields, language };
  };

  const crossSite = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'cross-site';

  app.get<TokenParams>('/p/:token', async (request, reply) => {
    const subscriber = verified(request, reply);
    if (subscriber === undefined) return reply;
    const found = await context(request, subscriber);
    const t = TEXTS[found.language];
    if (!found.shown.length) {
      return page(reply, 404, messagePage(found.language, t.title, t.gone, true));
    }
    const action = `/p/${request.params.token}`;
    return page(reply, 200, preferencesPage({ ...found, action, email: found.shown[0]!.email }));
  });

  app.post<TokenParams>('/p/:token', async (request, reply) => {
    if (crossSite(request)) return reply.code(403).send();
    const subscriber = verified(request, reply);
    if (subscriber === undefined) return reply;
    const before = await context(request, subscriber);
    const { shown, fields } = before;
    if (!shown.length) {
      const t = TEXTS[before.language];
      return page(reply, 404, messagePage(before.language, t.title, t.gone, true));
    }
    const body = form(request);
    const { choice, errors } = readChoice(body, before);
    const action = `/p/${request.params.token}`;
    const email = shown[0]!.email;
    if (errors.length) {
      return page(reply, 400, preferencesPage({ ...before, action, email, errors }));
    }
    await savePreferences(db, shown, fields, choice);
    const after = await context(request, subscriber);
    const notice = TEXTS[after.language].saved;
    return page(reply, 200, preferencesPage({ ...after, action, email, notice }));
  });

  // `lang`: the page's language when the link that led here named one (OpenAPI lists it).
  const requestPageQuery = { querystring: z.object({ lang: z.string().max(35).optional() }) };
  app.get<{ Querystring: { lang?: string } }>(
    '/p',
    { schema: requestPageQuery },
    async (request, reply) =>
      page(reply, 200, requestPage(pageLanguage([request.query.lang], accepted(request)))),
  );

  // The same answer whatever the address (known, unknown, malformed, over its budget): what
  // happens is only in the mailbox. The mail leaves after the answer, so its time tells nothing.
  const pending = new Set<Promise<unknown>>();
  app.post('/p', async (request, reply) => {
    if (crossSite(request)) return reply.code(403).send();
    const body = form(request);
    const language = pageLanguage([body.get('lang')], accepted(request));
    const email = (body.get('email') ?? '').trim().slice(0, 320);
    if (/^[^\s@]+@[^\s@]+$/.test(email) && (await takeLinkBudget(db, email))) {
      const mail = mailLinks(sending, email).catch((error: unknown) =>
        request.log.error({ err: error }, 'The preference link mail failed'),
      );
      pending.add(mail);
      void mail.finally(() => pending.delete(mail));
    }
    const t = TEXTS[language];
    return page(reply, 200, messagePage(language, t.requestTitle, t.requestDone));
  });
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
}

/** The form's values, checked: the page again with messages when any is wrong. */
function readChoice(
  body: URLSearchParams,
  {
    shown,
    offered,
    fields,
    language,
  }: {
    shown: Subscription[];
    offered: { id: number; languages: string[] }[];
    fields: AskedField[];
    language: PageLanguage;
  },
) {
  const errors: string[] = [];
  const t = TEXTS[language];
  const text = (name: string, label: string, max = 200) => {
    const value = (body.get(name) ?? '').trim();
    if (value.length > max) errors.push(`${label}: ≤ ${max}`);
    return value;
  };
  const custom: Record<string, string> = {};
  for (const f of fields) {
    const value = text(`f.${f.name}`, f.label, f.max_length ?? 1000);
    if (f.required && value === '') errors.push(`${f.label}: —`);
    if (f.type === 'choice' && value !== '' && !(f.choices ?? []).some((c) => c.value === value))
      errors.push(`${f.label}: ${value}`);
    custom[f.name] = value;
  }
  const pause = body.get('pause') ?? '';
  const days = PAUSE_DAYS.find((d) => String(d) === pause);
  if (pause !== '' && pause !== 'resume' && days === undefined) errors.push(`${t.pause}: ${pause}`);
  const language_ = body.get('language') ?? '';
  const languages = new Set(shown.flatMap((s) => s.languages));
  if (language_ !== '' && !languages.has(language_)) errors.push(`${t.language}: ${language_}`);
  const ids = new Set(body.getAll('list').map(Number));
  const joining = new Set(body.getAll('offer').map(Number));
  const choice: PreferenceChoice = {
    on: new Set(shown.filter((s) => ids.has(s.id)).map((s) => s.id)),
    join: offered.filter((l) => joining.has(l.id)),
    firstName: text('first_name', t.firstName),
    lastName: text('last_name', t.lastName),
    language: language_,
    custom,
    pauseDays: pause === 'resume' ? 0 : (days ?? null),
  };
  return { choice, errors };
}

/**
 * One mail (the budget's), from the first sender the address is on, with a link for each
 * sender's lists: each link opens that sender's lists only.
 */
async function mailLinks(sending: SendingContext, email: string) {
  const base = sending.baseUrl();
  const recipients = await linkRecipients(sending.db, email);
  const first = recipients[0];
  if (!first) return;
  const language = pageLanguage([first.language]);
  const t = TEXTS[language];
  const links = recipients.map((r) => ({
    name: r.from_name,
    url: manageUrl(base, sending.signer, r.id),
  }));
  const named = links.length > 1;
  const text = links.map((l) => `${named ? `${l.name}: ` : ''}${l.url}`).join('\n');
  const html = links
    .map(
      (l) => `<p>${named ? `${escapeHtml(l.name)}: ` : ''}${manageLink(l.url, language).html}</p>`,
    )
    .join('');
  await sending.transport.send(
    {
      from: { name: first.from_name, address: first.from_email },
      to: first.email,
      subject: t.mailSubject,
      language,
      text: `${t.mailIntro}\n\n${text}\n\n${t.mailIgnore}`,
      html: `<!doctype html><html lang="${language}"><body><p>${escapeHtml(t.mailIntro)}</p>${html}<p>${escapeHtml(t.mailIgnore)}</p></body></html>`,
      messageId: `<preferences-${randomUUID()}@${first.from_email.split('@')[1] || 'mailboard.invalid'}>`,
    },
    { deliveryId: null, mailingId: null, kind: 'delivery' },
  );
}
