import { z } from 'zod';

/**
 * GET /api/v1/settings/sending (extension): whether this deployment's sending is set up to
 * be trusted by receivers, and the DNS records to publish. Read-only: the configuration is
 * the server's environment (README "Configuration").
 */
export const sendingCheckKeys = [
  'smtp',
  'public_url',
  'dkim',
  'bounce_webhook',
  'return_path',
] as const;

export const sendingCheck = z.looseObject({
  key: z.enum(sendingCheckKeys),
  label: z.string(),
  ok: z.boolean(),
  /** Whether the configuration counts as complete without it. */
  required: z.boolean(),
  detail: z.string(),
});
export type SendingCheck = z.infer<typeof sendingCheck>;

export const dnsRecord = z.looseObject({
  purpose: z.enum(['dkim', 'spf', 'dmarc']),
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
  /** What to check or adapt before publishing it. */
  note: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

export const sendingSettings = z.looseObject({
  complete: z.boolean(),
  checks: z.array(sendingCheck),
  dns_records: z.array(dnsRecord),
  /** Sender domains of the lists, and whether DKIM signs for them (DMARC alignment). */
  from_domains: z.array(z.looseObject({ domain: z.string(), aligned: z.boolean() })),
});
export type SendingSettings = z.infer<typeof sendingSettings>;

/** One record of the domain check: what to publish, what DNS answers, and whether it passes. */
export const domainRecordCheck = z.object({
  name: z.string(),
  /** The record to publish ('' where Mailboard has nothing to propose, e.g. no DKIM key). */
  expected: z.string(),
  /** The TXT records DNS answers at `name` today that are of this kind. */
  found: z.array(z.string()),
  ok: z.boolean(),
  reason: z.string(),
});

/**
 * GET /api/v1/settings/sending/domains (extension, issue 52): for each sender domain, SPF,
 * DKIM and DMARC as DNS answers them, and whether mail From it is aligned (DMARC passes
 * through an aligned DKIM signature or an aligned SPF domain), with the reason.
 */
export const domainCheck = z.object({
  domain: z.string(),
  aligned: z.boolean(),
  reason: z.string(),
  spf: domainRecordCheck,
  dkim: domainRecordCheck,
  dmarc: domainRecordCheck,
});
export type DomainCheck = z.infer<typeof domainCheck>;
export const domainChecks = z.object({ domains: z.array(domainCheck) });
