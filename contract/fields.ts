import { z } from 'zod';
import { emailAddress, storableDate, storableDatetime } from './common.js';

/**
 * Custom subscriber fields (extension, docs/decisions/api-choices.md): shared by every list (`/api/v1/fields`)
 * or owned by one list (`/api/v1/lists/{list_id}/fields`). Their values appear flat in
 * subscriber objects and in the OPTIONS `actions.POST` of the subscribers collection.
 */
export const customFieldTypes = [
  'string',
  'integer',
  'date',
  'datetime',
  'email',
  'choice',
] as const;
export const customFieldType = z.enum(customFieldTypes);
export type CustomFieldType = z.infer<typeof customFieldType>;

/** What a subscriber says about themselves (personalisation tags may name these). */
export const subscriberDataFields = [
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
] as const;

/** The subscriber's own fields: a custom field may not take one of these names. */
export const builtInSubscriberFields = [
  'id',
  'create_datetime',
  'create_user',
  'update_datetime',
  'update_user',
  'subscription',
  ...subscriberDataFields,
] as const;

/**
 * A string PostgreSQL can store: no NUL character (DRF rejects them the same way, with
 * ProhibitNullCharactersValidator).
 */
export const storableText = () =>
  z.string().refine((v) => !v.includes('\u0000'), 'Null characters are not allowed.');

export const FIELD_NAME_MAX = 50;
export const FIELD_LABEL_MAX = 100;
export const FIELD_HELP_TEXT_MAX = 500;
/** A string field without an explicit `max_length` gets this one. */
export const DEFAULT_STRING_MAX_LENGTH = 255;
export const STRING_MAX_LENGTH_LIMIT = 10_000;

/** A slug: lowercase letter first, then lowercase letters, digits, `_` or `-`. */
export const customFieldName = z
  .string()
  .max(FIELD_NAME_MAX)
  .regex(
    /^[a-z][a-z0-9_-]*$/,
    'Enter a valid name: a lowercase letter followed by lowercase letters, digits, underscores or hyphens.',
  )
  .refine((name) => !(builtInSubscriberFields as readonly string[]).includes(name), {
    message: 'This name is taken by a built-in subscriber field.',
  });

export const fieldChoice = z.object({
  value: storableText().min(1).max(100),
  display_name: storableText().max(100),
});

/** A custom field as the API returns it. */
export const customField = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: customFieldType,
  required: z.boolean(),
  max_length: z.number().int().optional(),
  choices: z.array(fieldChoice).optional(),
  help_text: z.string().optional(),
});
export type CustomField = z.infer<typeof customField>;

const writableMembers = {
  label: storableText().trim().min(1).max(FIELD_LABEL_MAX),
  required: z.boolean(),
  max_length: z.number().int().min(1).max(STRING_MAX_LENGTH_LIMIT).nullable(),
  /** `display_name` defaults to `value`. */
  choices: z
    .array(fieldChoice.extend({ display_name: fieldChoice.shape.display_name.optional() }))
    .min(1)
    .max(500),
  help_text: storableText().max(FIELD_HELP_TEXT_MAX),
};

/**
 * POST body. `label` defaults to the name made readable (`customer_id` → `Customer id`),
 * `required` to false, a string's `max_length` to 255. `max_length` applies to string
 * fields only and `choices` (unique values) to choice fields only, where they are required.
 */
export const customFieldWrite = z
  .object({
    name: customFieldName,
    type: customFieldType,
    label: writableMembers.label.optional(),
    required: writableMembers.required.optional(),
    max_length: writableMembers.max_length.optional(),
    choices: writableMembers.choices.optional(),
    help_text: writableMembers.help_text.optional(),
  })
  .superRefine((field, ctx) => checkTypeMembers(field, ctx));

/**
 * PATCH body. `name` and `type` cannot change (stored values are keyed by name and were
 * validated by type); sending them unchanged is allowed, as clients often echo them.
 */
export const customFieldPatch = z.object({
  name: z.string().optional(),
  type: customFieldType.optional(),
  label: writableMembers.label.optional(),
  required: writableMembers.required.optional(),
  max_length: writableMembers.max_length.optional(),
  choices: writableMembers.choices.optional(),
  help_text: writableMembers.help_text.optional(),
});

type TypeMembers = {
  type: CustomFieldType;
  max_length?: number | null;
  choices?: { value: string }[];
};

/** Rules tying `max_length` and `choices` to the type, shared by create and patch. */
export function checkTypeMembers(field: TypeMembers, ctx: z.RefinementCtx) {
  if (field.max_length != null && field.type !== 'string')
    ctx.addIssue({
      code: 'custom',
      path: ['max_length'],
      message: 'Only string fields have a maximum length.',
    });
  if (field.type === 'choice') {
    if (!field.choices)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'This field is required.' });
    else {
      const values = field.choices.map((c) => c.value);
      if (new Set(values).size !== values.length)
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: 'Choice values must be unique.',
        });
    }
  } else if (field.choices)
    ctx.addIssue({
      code: 'custom',
      path: ['choices'],
      message: 'Only choice fields have choices.',
    });
}

/** The readable default label of a field name: `customer_id` → `Customer id`. */
export const labelFromName = (name: string) => {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export { storableDate };

const storableDatetimeValue = storableDatetime.transform((v) => new Date(v).toISOString());

type FieldRule = Pick<CustomField, 'type' | 'required' | 'max_length' | 'choices'>;
export type CustomFieldValue = string | number | null;

const INTEGER_MESSAGE = 'A valid integer is required.';
const integerValue = z.unknown().transform((input, ctx): number => {
  const value =
    typeof input === 'string' && /^\s*-?\d{1,16}\s*$/.test(input) ? Number(input) : input;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  ctx.addIssue({ code: 'custom', message: INTEGER_MESSAGE });
  return z.NEVER;
});

/**
 * The schema of one custom field's value in a subscriber write, used by the server to
 * validate and normalize and by the dashboard's forms. Empty values: `""` for string,
 * email and choice fields, `null` for integer, date and datetime fields (either spelling is
 * accepted); a required field rejects them. Integers may arrive as digit strings (form
 * inputs); datetimes are stored in UTC with milliseconds.
 */
export function customFieldValue(field: FieldRule): z.ZodType<CustomFieldValue> {
  const emptyValue = ['integer', 'date', 'datetime'].includes(field.type) ? null : '';
  const choices = (field.choices ?? []).map((c) => c.value);
  const typed: z.ZodType<CustomFieldValue> = {
    string: storableText().max(field.max_length ?? DEFAULT_STRING_MAX_LENGTH),
    email: z.string().trim().pipe(emailAddress),
    choice: z.string().refine((v) => choices.includes(v), {
      error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
    }),
    integer: integerValue,
    date: storableDate,
    datetime: storableDatetimeValue,
  }[field.type];
  return z.unknown().transform((input, ctx): CustomFieldValue => {
    if (input === undefined) {
      ctx.addIssue({ code: 'custom', message: 'This field is required.' });
      return z.NEVER;
    }
    if (input === null || input === '') {
      if (!field.required) return emptyValue;
      ctx.addIssue({
        code: 'custom',
        message: input === null ? 'This field may not be null.' : 'This field may not be blank.',
      });
      return z.NEVER;
    }
    const result = typed.safeParse(input);
    if (result.success) return result.data;
    // One message per field, as DRF gives; the first issue is the most basic one.
    ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
    return z.NEVER;
  });
}
