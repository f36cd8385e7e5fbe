import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { emailAddress, languageCode } from '../../../../contract/common';
import { mailingWrite, variantWrite } from '../../../../contract/mailings';
import { localToUtc } from '../local-time';

/** Where a variant's layout comes from: the block editor (default), a zip, Markdown, or plain text. */
export const layoutModes = ['blocks', 'html', 'markdown', 'text'] as const;
export type LayoutMode = (typeof layoutModes)[number];

/** One variant as the form holds it: empty strings mean "the list's default". */
export type VariantValues = {
  language: string;
  subject: string;
  from_name: string;
  from_email: string;
  replyto_email: string;
  layout: { mode: LayoutMode; text: string };
  /** Local wall-clock times as `<input type="datetime-local">` gives them. */
  deliveries: { local: string }[];
};

export type ComposerValues = {
  /** The list's id as text ("" before one is chosen). */
  list: string;
  name: string;
  campaign: string;
  segments: string[];
  variants: VariantValues[];
};

export const emptyComposer: ComposerValues = {
  list: '',
  name: '',
  campaign: '',
  segments: [],
  variants: [],
};

export const newVariant = (language: string): VariantValues => ({
  language,
  subject: '',
  from_name: '',
  from_email: '',
  replyto_email: '',
  layout: { mode: 'blocks', text: '' },
  deliveries: [],
});

const integerText = /^-?\d+$/;
const optionalEmail = z.union([z.literal(''), emailAddress]);

const variantSchema = z.object({
  language: languageCode,
  subject: variantWrite.shape.subject,
  from_name: z.string().max(200),
  from_email: optionalEmail,
  replyto_email: optionalEmail,
  layout: z.object({ mode: z.enum(layoutModes), text: z.string() }).superRefine((layout, ctx) => {
    if (layout.mode === 'text' && layout.text.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: t`Write the text of this variant, or choose another source (Blocks, HTML layout, Markdown).`,
      });
    }
  }),
  deliveries: z
    .array(
      z.object({
        local: z.string().refine((v) => localToUtc(v) !== undefined, {
          error: () => t`Enter a date and a time.`,
        }),
      }),
    )
    .max(100),
});

/**
 * The composer's rules: the contract's where a field maps onto it (name, subject), plus
 * what the form adds (a list to choose, numbers typed as text). HTML layouts are checked
 * by the inspector, outside the form.
 */
export const composerSchema = z.object({
  list: z.string().min(1, { error: () => t`Choose a list.` }),
  name: mailingWrite.shape.name,
  campaign: z.string().refine((v) => v.trim() === '' || integerText.test(v.trim()), {
    error: () => t`Enter the campaign’s id (a whole number), or leave it empty.`,
  }),
  segments: z
    .array(z.string())
    .refine((values) => values.every((v) => integerText.test(v.trim())), {
      error: () => t`Segments are ids: whole numbers only.`,
    }),
  variants: z.array(variantSchema).min(1, { error: () => t`Add at least one variant.` }),
}) satisfies z.ZodType<ComposerValues, ComposerValues>;

/** Whether anything has been entered (a draft worth keeping or asking about). */
export function hasContent(values: ComposerValues): boolean {
  return (
    values.list !== '' ||
    values.name.trim() !== '' ||
    values.campaign.trim() !== '' ||
    values.segments.length > 0 ||
    values.variants.length > 0
  );
}

/** A variant's fields that can show a server error (applyServerErrors picks the nearest). */
export const variantFieldNames = (i: number) =>
  (
    [
      'language',
      'subject',
      'from_name',
      'from_email',
      'replyto_email',
      'layout',
      'deliveries',
    ] as const
  ).map((field) => `variants.${i}.${field}` as const);

/** Server error paths the form can show on a field (applyServerErrors picks the nearest). */
export function composerFieldNames(values: ComposerValues) {
  const perVariant = values.variants.flatMap((_, i) => variantFieldNames(i));
  return ['list', 'name', 'campaign', 'segments', 'variants', ...perVariant] as const;
}
