import { Resolver } from 'node:dns/promises';
import { sql } from 'drizzle-orm';
import type { DomainCheck } from '../../../contract/settings.js';
import { queryRows } from '../../db/query-rows.js';
import type { SendingContext } from './context.js';
import { dkimRecord } from './message/dkim.js';

/** Relaxed alignment (RFC 7489 §3.1): the same domain, or one below the other. */
const alignedWith = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** TXT records at `name`, each joined from its strings; none when the name has none. */
async function txt(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
    throw new Error(`DNS did not answer for ${name} (${code ?? String(error)}).`);
  }
}

const tag = (record: string, name: string) =>
  record
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.toLowerCase().startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .replace(/\s+/g, '');

/**
 * What DNS answers today for each sender domain of the lists and mailings (issue 52): the
 * SPF record of the envelope domain, the DKIM key at the selector, the DMARC policy, and
 * whether DMARC can pass (docs/decisions/suppressions.md). Asks DNS_SERVERS when set.
 */
export async function checkDomains(ctx: SendingContext): Promise<DomainCheck[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (ctx.options.dnsServers?.length) resolver.setServers(ctx.options.dnsServers);
  const domains = (
    await queryRows<{ domain: string }>(
      ctx.db,
      sql`SELECT DISTINCT lower(split_part(e, '@', 2)) AS domain
            FROM (SELECT default_from_email AS e FROM lists
                  UNION SELECT from_email FROM variants) x
           WHERE e LIKE '%@%' ORDER BY 1 LIMIT 20`,
    )
  ).map((r) => r.domain);
  return Promise.all(
    domains.map((domain) =>
      checkDomain(ctx, resolver, domain).catch((error: unknown) => unanswered(domain, error)),
    ),
  );
}

/** A domain whose DNS did not answer: every record unknown, the reason said once. */
function unanswered(domain: string, error: unknown): DomainCheck {
  const reason = error instanceof Error ? error.message : String(error);
  const unknown = { name: domain, expected: '', found: [], ok: false, reason };
  return { domain, aligned: false, reason, spf: unknown, dkim: unknown, dmarc: unknown };
}

async function checkDomain(ctx: SendingContext, resolver: Resolver, domain: string) {
  const { dkim, returnPathDomain } = ctx.options;
  const envelope = returnPathDomain ?? domain;

  const spfFound = (await txt(resolver, envelope)).filter((r) => /^v=spf1(\s|$)/i.test(r));
  const spfAligned = alignedWith(envelope, domain);
  const spf = {
    name: envelope,
    expected: 'v=spf1 … ~all (your relay’s addresses or its include:)',
    found: spfFound,
    ok: spfFound.length === 1 && spfAligned,
    reason:
      spfFound.length === 0
        ? `No SPF record at ${envelope}.`
        : spfFound.length > 1
          ? `${spfFound.length} SPF records at ${envelope}: receivers treat that as an error (RFC 7208 §4.5).`
          : spfAligned
            ? `Published at ${envelope}, which is aligned with ${domain}.`
            : `Published at ${envelope}, which is not aligned with ${domain}: SPF cannot make DMARC pass.`,
  };

  const expected = dkim ? dkimRecord(dkim) : undefined;
  const dkimFound = expected
    ? (await txt(resolver, expected.name)).filter((r) => /(^|;)\s*p=/i.test(r))
    : [];
  const keyMatches = expected
    ? dkimFound.some((r) => tag(r, 'p') === tag(expected.value, 'p'))
    : false;
  const dkimAligned = dkim !== undefined && alignedWith(dkim.domain, domain);
  const dkimCheck = {
    name: expected?.name ?? `<selector>._domainkey.${domain}`,
    expected: expected?.value ?? '',
    found: dkimFound,
    ok: keyMatches && dkimAligned,
    reason: !dkim
      ? 'Messages are not signed: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY.'
      : dkimFound.length === 0
        ? `No DKIM key at ${expected!.name}.`
        : !keyMatches
          ? `The key at ${expected!.name} is not the one Mailboard signs with.`
          : dkimAligned
            ? `The key matches, and d=${dkim.domain} is aligned with ${domain}.`
            : `The key matches, but d=${dkim.domain} is not aligned with ${domain}.`,
  };

  const dmarcName = `_dmarc.${domain}`;
  const dmarcFound = (await txt(resolver, dmarcName)).filter((r) => /^v=DMARC1(\s|;|$)/i.test(r));
  const policy = dmarcFound.length === 1 ? (tag(dmarcFound[0]!, 'p') ?? '') : '';
  const dmarc = {
    name: dmarcName,
    expected: `v=DMARC1; p=none; adkim=r; aspf=r; rua=mailto:dmarc-reports@${domain}`,
    found: dmarcFound,
    ok: ['none', 'quarantine', 'reject'].includes(policy.toLowerCase()),
    reason:
      dmarcFound.length === 0
        ? `No DMARC record at ${dmarcName}: Gmail and Yahoo require one of bulk senders.`
        : dmarcFound.length > 1
          ? `${dmarcFound.length} DMARC records at ${dmarcName}: receivers ignore them all.`
          : policy
            ? `Policy p=${policy}.`
            : 'The record has no valid p= policy.',
  };

  const aligned = dmarc.ok && (dkimCheck.ok || spf.ok);
  const reason = !dmarc.ok
    ? `Not aligned: ${dmarc.reason}`
    : aligned
      ? `Aligned: DMARC passes through ${[dkimCheck.ok && 'DKIM', spf.ok && 'SPF'].filter(Boolean).join(' and ')}.`
      : `Not aligned: neither DKIM nor SPF passes for ${domain}. ${dkimCheck.reason} ${spf.reason}`;
  return { domain, aligned, reason, spf, dkim: dkimCheck, dmarc };
}
