import { z } from 'zod';
import { datetime, languageCode, storableDate, storableDatetime } from './common.js';
import { storableText } from './fields.js';
import { gender, subscriptionState } from './subscribers.js';

/**
 * Segments (extension, docs/decisions/api-choices.md): a named filter over one list's subscribers with a live
 * count. The id is what a mailing stores in `segments`. The same schema validates the
 * server's requests and the dashboard's segment builder; whether a custom field exists and
 * takes the condition (by its type), and whether an engagement's mailing belongs to the
 * list, only the server can check.
 */
export const SEGMENT_NAME_MAX = 200;
export const SEGMENT_CONDITIONS_MAX = 50;
/** Values a condition may list (languages, regions, choices). */
export const SEGMENT_VALUES_MAX = 500;
const VALUE_MAX = 1000;

const text = () => storableText().max(VALUE_MAX);
const values = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'Choose at least one value.').max(SEGMENT_VALUES_MAX);

/** A range: either end may be left open, but not both. */
const range = <T extends z.ZodType>(bound: T) =>
  z.strictObject({ from: bound.nullish(), to: bound.nullish() });
const hasBound = (c: { from?: unknown; to?: unknown }) =>
  (c.from ?? null) !== null || (c.to ?? null) !== null;
const BOUND_MESSAGE = 'Give a lower bound, an upper bound, or both.';

/** A region code, upper case; a country (`DE`) also matches its subdivisions (`DE-BY`). */
export const segmentRegionCode = z
  .string()
  .regex(/^[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?$/, 'Enter a valid ISO-3166-1 or -2 code.')
  .transform((v) => v.toUpperCase());

export const engagementActions = ['opened', 'clicked', 'bounced'] as const;
export const customOperators = ['equals', 'contains', 'range', 'choice'] as const;
export type CustomOperator = (typeof customOperators)[number];

/** Which operators each custom field type takes (server check; the builder offers only these). */
export const operatorsByFieldType = {
  string: ['equals', 'contains'],
  email: ['equals', 'contains'],
  integer: ['equals', 'range'],
  date: ['equals', 'range'],
  datetime: ['range'],
  choice: ['equals', 'choice'],
} as const satisfies Record<string, readonly CustomOperator[]>;

const customValue = z.union([
  text(),
  z
    .number()
    .int()
    .min(-(2 ** 53))
    .max(2 ** 53),
]);

export const segmentCondition = z.discriminatedUnion(
  'field',
  [
    z.strictObject({ field: z.literal('subscription'), in: values(subscriptionState) }),
    z.strictObject({ field: z.literal('language'), in: values(languageCode) }),
    z.strictObject({ field: z.literal('region'), in: values(segmentRegionCode) }),
    z.strictObject({ field: z.literal('gender'), in: values(gender) }),
    range(storableDate)
      .extend({ field: z.literal('date_of_birth') })
      .refine(hasBound, { message: BOUND_MESSAGE, path: ['from'] }),
    range(storableDatetime)
      .extend({ field: z.literal('create_datetime') })
      .refine(hasBound, { message: BOUND_MESSAGE, path: ['from'] }),
    z.strictObject({
      field: z.literal('custom'),
      name: z.string().min(1).max(50),
      operator: z.enum(customOperators),
      /** equals, contains */
      value: customValue.optional(),
      /** range */
      from: customValue.nullish(),
      to: customValue.nullish(),
      /** choice */
      values: values(text()).optional(),
    }),
    z.strictObject({
      field: z.literal('engagement'),
      mailing: z.number().int().positive().max(2_147_483_647),
      action: z.enum(engagementActions),
      /** clicked: only clicks on this link. */
      url: storableText().min(1).max(2000).nullish(),
    }),
  ],
  {
    error: () =>
      'Unknown condition field: use subscription, language, region, gender, date_of_birth, create_datetime, custom or engagement.',
  },
);
export type SegmentCondition = z.infer<typeof segmentCondition>;

/** The members a custom condition needs for its operator, checked wherever it is parsed. */
function checkCustomMembers(c: SegmentCondition, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (c.field !== 'custom') return;
  const need = (key: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...path, key], message });
  if ((c.operator === 'equals' || c.operator === 'contains') && c.value === undefined)
    need('value', 'This field is required.');
  if (c.operator === 'contains' && typeof c.value !== 'string' && c.value !== undefined)
    need('value', 'Enter text to look for.');
  if (c.operator === 'range' && !hasBound(c)) need('from', BOUND_MESSAGE);
  if (c.operator === 'choice' && !c.values) need('values', 'This field is required.');
}

export const segmentMatches = ['all', 'any'] as const;

export const segmentFilter = z
  .strictObject({
    match: z.enum(segmentMatches).default('all'),
    conditions: z.array(segmentCondition).max(SEGMENT_CONDITIONS_MAX).default([]),
  })
  .superRefine((f, ctx) =>
    f.conditions.forEach((c, i) => checkCustomMembers(c, ctx, ['conditions', i])),
  );
export type SegmentFilter = z.output<typeof segmentFilter>;
export type SegmentFilterInput = z.input<typeof segmentFilter>;

export const segmentWrite = z.strictObject({
  name: storableText().trim().min(1, 'This field may not be blank.').max(SEGMENT_NAME_MAX),
  filter: segmentFilter,
});

/** POST …/segments/preview: the count and first members of a filter not yet saved. */
export const segmentPreviewRequest = z.strictObject({ filter: segmentFilter });

export const segment = z.looseObject({
  id: z.number().int(),
  list: z.number().int(),
  name: z.string(),
  filter: z.looseObject({ match: z.enum(segmentMatches), conditions: z.array(z.unknown()) }),
  count: z.number().int(),
  create_datetime: datetime,
  update_datetime: datetime,
});
export type Segment = z.infer<typeof segment>;
