import { z } from 'zod';
import { datetime, emailAddress, languageCode, storableDatetime } from './common.js';

/**
 * Limits of a zipped layout (docs/decisions/api-choices.md). The server enforces them while inflating; the
 * dashboard's inspector checks the same numbers before uploading.
 */
export const zipLayoutLimits = {
  /** Size of the archive itself, after base64 decoding. */
  maxArchiveBytes: 10 * 1024 * 1024,
  maxEntries: 500,
  /** Sum of the inflated sizes of all entries, counted while inflating. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  /** Entries inflating to more than this must also respect `maxCompressionRatio`. */
  ratioCheckAboveBytes: 1024 * 1024,
  maxCompressionRatio: 100,
} as const;

/** The HTML layout, at the archive root. */
export const LAYOUT_INDEX = 'index.html';
/** Images are imported from this folder (subfolders allowed) when index.html references them. */
export const LAYOUT_IMAGES_DIR = 'images/';
export const layoutImageContentTypes = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
} as const;
export const layoutImageExtensions = Object.keys(layoutImageContentTypes) as Array<
  keyof typeof layoutImageContentTypes
>;

/** Media types accepted in a zip_file data URI; browsers label zips with each of these. */
export const zipMediaTypes = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const;

const MB = 1024 * 1024;
const dataUriPattern = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*)(;base64)?,/i;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Splits a zip_file data URI (`data:application/zip[;charset=…];base64,<data>`) into its
 * base64 payload, or says what is wrong with it: the media type must be one of
 * `zipMediaTypes` (any case), parameters such as `charset` are allowed, `;base64` is required.
 */
export function parseZipDataUri(
  value: string,
): { ok: true; base64: string; bytes: number } | { ok: false; message: string } {
  const match = dataUriPattern.exec(value);
  if (!match) {
    return {
      ok: false,
      message: 'Upload a zip archive as a data URI: data:application/zip;base64,<data>.',
    };
  }
  const mediaType = match[1]!.trim().toLowerCase();
  if (!(zipMediaTypes as readonly string[]).includes(mediaType)) {
    return {
      ok: false,
      message: `The data URI has media type "${mediaType || '(none)'}"; expected ${zipMediaTypes.join(', ')}.`,
    };
  }
  if (!match[3]) return { ok: false, message: 'The data URI must be base64 encoded (";base64,").' };
  const base64 = value.slice(match[0].length);
  if (base64.length % 4 === 1 || !base64Pattern.test(base64)) {
    return { ok: false, message: 'The data URI does not contain valid base64 data.' };
  }
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((base64.length * 3) / 4) - padding;
  if (bytes === 0) return { ok: false, message: 'The zip archive is empty.' };
  if (bytes > zipLayoutLimits.maxArchiveBytes) {
    return {
      ok: false,
      message: `The zip archive is ${(bytes / MB).toFixed(1)} MB; the limit is ${zipLayoutLimits.maxArchiveBytes / MB} MB.`,
    };
  }
  return { ok: true, base64, bytes };
}

/** A zip_file member: a well-formed data URI within the size limit (content checked by the server). */
export const zipDataUri = z.string().superRefine((value, ctx) => {
  const parsed = parseZipDataUri(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
});

/**
 * A variant's `language`: the spec documents an array in requests; docs/decisions/api-choices.md also accepts
 * one code or null (no language). Whether the codes are among the list's is the server's check.
 */
export const variantLanguage = z.union([z.array(languageCode), languageCode, z.null()]);

/** The codes a request's `language` carries, in order, without repeats. */
export function languageCodes(language: z.infer<typeof variantLanguage> | undefined): string[] {
  if (language === undefined || language === null) return [];
  return [...new Set(typeof language === 'string' ? [language] : language)];
}

/**
 * A layout needs content: `text`, a `zip_file`, or both (then `source` comes from the zip).
 * `null` counts as absent, so a client may send both keys and leave one empty.
 */
export const layoutWrite = z
  .object({
    text: z.string().nullish(),
    zip_file: zipDataUri.nullish(),
  })
  .refine((l) => (l.text ?? '').trim() !== '' || (l.zip_file ?? '') !== '', {
    message: 'Provide the layout as text, as a zip_file, or both.',
  });

export const deliveryWrite = z.object({
  scheduled_datetime: storableDatetime,
});

/**
 * One variant of a mailing request. From-name, from-address and reply-to default to the
 * list's `default_*` values when absent or null; `replyto_email: ""` means no reply-to.
 */
export const variantWrite = z.object({
  language: variantLanguage.optional(),
  from_name: z.string().trim().min(1).max(200).nullish(),
  from_email: emailAddress.nullish(),
  replyto_email: z.union([z.literal(''), emailAddress]).nullish(),
  subject: z.string().trim().min(1).max(500),
  layout: layoutWrite,
  deliveries: z.array(deliveryWrite).max(100).optional(),
});
export type VariantWrite = z.infer<typeof variantWrite>;

/** Campaign and segment ids are stored as PostgreSQL integers (32 bits). */
const storedInteger = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/** POST /api/v1/mailings (docs/decisions/api-choices.md: list, name and at least one variant are required). */
export const mailingWrite = z.object({
  list: z.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  campaign: storedInteger.nullish(),
  segments: z.array(storedInteger).optional(),
  variants: z.array(variantWrite).min(1).max(50),
});
export type MailingWrite = z.infer<typeof mailingWrite>;

/** Responses. Loose objects, so a deployment with more members still parses. */
export const layout = z.looseObject({ id: z.number().int(), source: z.string() });

/**
 * GET /api/v1/layouts/{id} (extension): a stored layout as a layout request again, with the
 * block document it was made from (`document`, null for a zip from elsewhere or a text).
 */
export const layoutCopy = z.looseObject({
  id: z.number().int(),
  text: z.string(),
  zip_file: z.string().nullable(),
  document: z.string().nullable(),
});
export type LayoutCopy = z.infer<typeof layoutCopy>;

/** `exclusions` and `limit`: shape not shown by the spec; `[]` and `null` on creation. */
export const delivery = z.looseObject({
  scheduled_datetime: datetime,
  exclusions: z.array(z.unknown()),
  limit: z.unknown().nullable(),
});

/**
 * `language` is null in responses, as the spec documents; our extension `languages` carries
 * the codes (absent on other deployments: use `variantLanguages`).
 */
export const variant = z.looseObject({
  language: z.union([z.array(z.string()), z.string(), z.null()]).optional(),
  languages: z.array(z.string()).optional(),
  from_name: z.string(),
  from_email: z.string(),
  replyto_email: z.string(),
  subject: z.string(),
  layout,
  deliveries: z.array(delivery),
});
export type Variant = z.infer<typeof variant>;

/** A response variant's language codes, whichever member the deployment fills in. */
export function variantLanguages(v: Pick<Variant, 'language' | 'languages'>): string[] {
  if (v.languages) return v.languages;
  if (v.language === undefined || v.language === null) return [];
  return typeof v.language === 'string' ? [v.language] : v.language;
}

export const mailing = z.looseObject({
  id: z.number().int(),
  list: z.number().int(),
  name: z.string(),
  campaign: z.number().int().nullable(),
  segments: z.array(z.number().int()),
  variants: z.array(variant),
});
export type Mailing = z.infer<typeof mailing>;

/** An item of GET /api/v1/mailings: only these three members (spec). */
export const mailingSummary = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  campaign: z.number().int().nullable(),
});
export type MailingSummary = z.infer<typeof mailingSummary>;

/** Extension: `ordering` on the collection (DRF style, `-name`). */
export const mailingOrderingFields = ['id', 'name', 'campaign'] as const;

/** Filters of GET /api/v1/mailings. */
export type MailingQuery = {
  list?: number;
  page?: number;
  page_size?: number;
  ordering?: string;
};
