import { z } from 'zod';
import { datetime, emailAddress } from './common.js';

/**
 * The suppression list (extension, issue 52): addresses and domains never to be mailed again.
 * An erased person's entry shows neither address nor domain (only a salted hash is kept):
 * `email: null, domain: null, reason: 'erased'`.
 */
export const suppressionReasons = ['complaint', 'hard_bounce', 'manual', 'erased'] as const;
export type SuppressionReasonName = (typeof suppressionReasons)[number];

/** Items of GET /api/v1/suppressions. */
export const suppression = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  domain: z.string().nullable(),
  reason: z.enum(suppressionReasons),
  source: z.string(),
  created: datetime,
});
export type Suppression = z.infer<typeof suppression>;

/** A domain as DNS writes it: labels of letters, digits and hyphens, at least one dot. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as example.com.',
  );

/**
 * POST /api/v1/suppressions: an address or a whole domain. Only people add `manual` entries;
 * `complaint` and `hard_bounce` are accepted for entries brought over from another system.
 */
export const suppressionWrite = z
  .object({
    email: emailAddress.optional(),
    domain: domainName.optional(),
    reason: z.enum(['manual', 'complaint', 'hard_bounce']).default('manual'),
    source: z.string().trim().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.email === undefined) === (v.domain === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Give either an email address or a domain.',
      });
    else if (v.domain !== undefined && v.reason !== 'manual')
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'A whole domain is suppressed only by hand (manual).',
      });
  });
export type SuppressionWrite = z.input<typeof suppressionWrite>;

/** Filters of GET /api/v1/suppressions: `search` is a prefix of an address or a domain. */
export const suppressionQuery = z.object({
  search: z.string().trim().max(254).optional(),
  reason: z.enum(suppressionReasons).optional(),
});

/** POST /api/v1/suppressions/import (multipart `file`): what the CSV brought. */
export const suppressionImportResult = z.object({
  added: z.number().int(),
  existing: z.number().int(),
  invalid: z.number().int(),
  /** The first rejected rows (line number, value, why). */
  errors: z.array(z.object({ line: z.number().int(), value: z.string(), message: z.string() })),
});
export type SuppressionImportResult = z.infer<typeof suppressionImportResult>;
