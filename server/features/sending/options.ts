import type { DkimSettings } from './message/dkim.js';
import type { ProviderOptions } from './bounces/providers/options.js';

/** How this process sends (from the environment, server/config.ts; README "Configuration"). */
export type SendingOptions = {
  /** SMTP servers sharing the load; none = the embedded outbox. */
  smtpUrls: string[];
  /** Base of tracking, unsubscribe and image links; default: the server's own URL. */
  publicUrl?: string;
  /** Sender of invitations and password resets; default `mailboard@` PUBLIC_URL's host. */
  mailFrom?: string;
  /** Messages per second per SMTP server (token bucket); 0 = unlimited. */
  ratePerServer: number;
  /** Messages in flight at once per process (and SMTP connections per server). */
  concurrency: number;
  /** A scheduled delivery overdue by more than this is `missed`, never sent late. */
  graceMs: number;
  /** `people`: records name the recipient; `counts`: records carry no email. */
  tracking: 'people' | 'counts';
  /** First retry of a temporary failure after this; each next one waits 3× longer. */
  retryBaseMs: number;
  /** Attempts before a recipient is `failed` (retryable by hand). */
  maxAttempts: number;
  /** A claimed recipient whose worker wrote nothing for this long is claimed again. */
  leaseMs: number;
  /** HMAC key of tracking and unsubscribe links; default: generated once in the database. */
  secret?: string;
  /** The former secret, still accepted during a rotation (TRACKING_SECRET_PREVIOUS). */
  previousSecret?: string;
  /** DKIM signing of every message (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
  dkim?: DkimSettings;
  /** VERP envelope senders `bounces+…@` this domain (RETURN_PATH_DOMAIN); unset: none. */
  returnPathDomain?: string;
  /** Bearer token of POST /api/v1/bounces; unset = the webhook answers 401 to everyone. */
  bounceWebhookToken?: string;
  /** A subscriber with this many soft bounces within `softBounceDays` becomes `bounced`. */
  softBounceLimit: number;
  softBounceDays: number;
  /** Days a hit's client signals are kept (HIT_SIGNAL_RETENTION_DAYS, issue 51). */
  hitSignalDays: number;
  /** Relays whose event webhooks POST /api/v1/bounces/{provider} accepts (issue 52). */
  providers?: ProviderOptions;
  /** BOUNCE_MAILBOX_URL: the mailbox the bounce worker reads (issue 52); unset: none. */
  bounceMailboxUrl?: string;
  /**
   * The brake (issue 52): a running delivery that has sent `minSent` messages pauses itself
   * when its complaints or hard bounces pass these shares of what it sent.
   */
  brake: { complaintRate: number; bounceRate: number; minSent: number };
  /** Resolvers of the domain check (DNS_SERVERS); unset: the system's. */
  dnsServers?: string[];
  /** Outbox rows kept (newest). */
  outboxCap: number;
  /** How often an idle worker looks for due deliveries and recipients. */
  pollMs: number;
};

export const defaultSendingOptions: SendingOptions = {
  smtpUrls: [],
  ratePerServer: 50,
  concurrency: 5,
  graceMs: 60 * 60_000,
  tracking: 'people',
  retryBaseMs: 20_000,
  maxAttempts: 6,
  leaseMs: 60_000,
  softBounceLimit: 3,
  softBounceDays: 30,
  hitSignalDays: 395,
  brake: { complaintRate: 0.003, bounceRate: 0.05, minSent: 500 },
  outboxCap: 10_000,
  pollMs: 1_000,
};
