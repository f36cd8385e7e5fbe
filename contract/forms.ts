import { z } from 'zod';
import { escapeHtml } from './escape-html.js';
import { FIELD_NAME_MAX, storableText } from './fields.js';
import { askedControl, type AskedField } from './form-fields.js';
import { EMAIL_MAX_LENGTH } from './subscribers.js';

/**
 * Sign-up forms (extension, issue 50): a hosted page and a snippet that subscribe to the
 * lists a form offers. Shared by the API's validation, the SPA's form and the OpenAPI document.
 */
export const FORM_LANGUAGES = ['en', 'de', 'fr'] as const;

/** Why a submission was not acted on (it still looks accepted to whoever sent it). */
export const formBlockReasons = [
  'honeypot',
  'too_fast',
  'proof',
  'ip_budget',
  'address_budget',
  'invalid',
] as const;
export type FormBlockReason = (typeof formBlockReasons)[number];

const redirectUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a valid URL (http or https).');

export const formWrite = z.strictObject({
  name: storableText().trim().min(1, 'This field may not be blank.').max(200),
  lists: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Choose at least one list.')
    .max(50),
  fields: z.array(z.string().min(1).max(FIELD_NAME_MAX)).max(30).optional(),
  language: z.enum(FORM_LANGUAGES).nullable().optional(),
  redirect_url: redirectUrl.nullable().optional(),
});
export type FormWrite = z.infer<typeof formWrite>;

export const formStats = z.object({
  since: z.string(),
  submitted: z.number().int(),
  accepted: z.number().int(),
  confirmed: z.number().int(),
  blocked: z.object(
    Object.fromEntries(formBlockReasons.map((r) => [r, z.number().int()])) as Record<
      FormBlockReason,
      z.ZodNumber
    >,
  ),
});
export type FormStats = z.infer<typeof formStats>;

export const form = z.object({
  id: z.number().int(),
  name: z.string(),
  lists: z.array(z.number().int()),
  fields: z.array(z.string()),
  /** null: the visitor's browser language (Accept-Language) among these. */
  language: z.enum(FORM_LANGUAGES).nullable(),
  redirect_url: z.string().nullable(),
  created: z.string(),
  stats: formStats,
});
export type Form = z.infer<typeof form>;

/** The period `stats` covers: the last N days (default 30). */
export const formStatsQuery = {
  days: z.coerce.number().int().min(1).max(365).optional(),
};

/**
 * The plain HTML to paste into any website: it posts without JavaScript; the optional
 * script (same origin as the form) adds the invisible proof-of-work. The asked fields are the
 * hosted page's inputs (contract/form-fields.ts), so a browser checks the same constraints.
 * The honeypot is hidden by an inline style, since the host page's stylesheet does not know
 * our class.
 */
export function formSnippet(
  publicUrl: string,
  form: Pick<Form, 'id' | 'lists'>,
  asked: readonly AskedField[],
  listNames: Record<number, string>,
  withScript = true,
): string {
  const action = `${publicUrl}/f/${form.id}`;
  const lists =
    form.lists.length === 1
      ? `  <input type="hidden" name="lists" value="${form.lists[0]}">\n`
      : `  <fieldset>\n    <legend>Lists</legend>\n${form.lists
          .map(
            (id) =>
              `    <label><input type="checkbox" name="lists" value="${id}"> ${escapeHtml(listNames[id] ?? `List ${id}`)}</label>\n`,
          )
          .join('')}  </fieldset>\n`;
  const fields = asked
    .map(
      (field) =>
        `  <label>${escapeHtml(field.label)} ${askedControl(field, { chooseLabel: 'Choose…' })}</label>\n`,
    )
    .join('');
  return `<form action="${escapeHtml(action)}" method="post">
  <label>Email address <input type="email" name="email" required autocomplete="email" maxlength="${EMAIL_MAX_LENGTH}"></label>
${fields}${lists}  <div style="position:absolute;left:-10000px" aria-hidden="true"><label>Leave this field empty <input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>
  <button type="submit">Subscribe</button>
</form>${withScript ? `\n<script type="module" src="${escapeHtml(`${publicUrl}/f/${form.id}/script.js`)}"></script>` : ''}
`;
}
