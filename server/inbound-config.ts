import { z } from 'zod';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The environment of inbound reports (issue 52): the relays' event webhooks and the bounce
 * mailbox (README "Configuration"). Part of config.ts's schema.
 */
export const inboundEnv = {
  /** Comma-separated SNS topic ARNs whose (SES) messages POST /api/v1/bounces/ses accepts. */
  SNS_TOPIC_ARNS: z
    .string()
    .trim()
    .refine(
      (v) =>
        v
          .split(',')
          .every((arn) => /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(arn.trim())),
      'must be comma-separated SNS topic ARNs (arn:aws:sns:<region>:<account>:<topic>)',
    )
    .transform((v) => v.split(',').map((arn) => arn.trim()))
    .optional(),
  SENDGRID_WEBHOOK_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/=\s-]+$/, 'must be the base64 verification key SendGrid shows')
    .optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(8, 'must have at least 8 characters').optional(),
  POSTMARK_WEBHOOK_USERNAME: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(12, 'must have at least 12 characters').optional(),
  BOUNCE_MAILBOX_URL: z
    .string()
    .trim()
    .refine(
      (v) => /^imaps?:\/\/[^\s]+$/i.test(v) && URL.canParse(v),
      'must be an imaps:// or imap:// URL',
    )
    // Plain IMAP sends the password in the clear: only to this machine.
    .refine(
      (v) => !/^imap:/i.test(v) || !URL.canParse(v) || LOOPBACK.test(new URL(v).hostname),
      'imap:// (no TLS) only on loopback (localhost, 127.0.0.1, [::1]); use imaps://',
    )
    .optional(),
};

type InboundConfig = z.infer<z.ZodObject<typeof inboundEnv>>;

/** The relays' webhooks configured (sending's `providers` option). */
export const providerOptions = (config: InboundConfig) => ({
  ...(config.SNS_TOPIC_ARNS ? { ses: { topicArns: config.SNS_TOPIC_ARNS } } : {}),
  ...(config.SENDGRID_WEBHOOK_PUBLIC_KEY
    ? { sendgrid: { publicKey: config.SENDGRID_WEBHOOK_PUBLIC_KEY } }
    : {}),
  ...(config.MAILGUN_WEBHOOK_SIGNING_KEY
    ? { mailgun: { signingKey: config.MAILGUN_WEBHOOK_SIGNING_KEY } }
    : {}),
  ...(config.POSTMARK_WEBHOOK_USERNAME && config.POSTMARK_WEBHOOK_PASSWORD
    ? {
        postmark: {
          username: config.POSTMARK_WEBHOOK_USERNAME,
          password: config.POSTMARK_WEBHOOK_PASSWORD,
        },
      }
    : {}),
});

/** Problems no single variable shows. */
export function inboundProblems(env: Record<string, string | undefined>): string[] {
  const postmark = [env.POSTMARK_WEBHOOK_USERNAME, env.POSTMARK_WEBHOOK_PASSWORD];
  return postmark.some(Boolean) && !postmark.every(Boolean)
    ? ['  POSTMARK_WEBHOOK_USERNAME and POSTMARK_WEBHOOK_PASSWORD: set both or neither']
    : [];
}
