import { z } from 'zod';
import { datetime } from './common.js';
import { storableText } from './fields.js';
import { layoutWrite } from './mailings.js';

/**
 * Templates (extension, docs/decisions/block-editor.md): saved layouts to start a mailing from,
 * global (`list: null`) or one list's. The layout is the same `{text, zip_file}` a
 * mailing's variant takes; the zip is checked in full when a mailing uses it.
 */
export const TEMPLATE_NAME_MAX = 200;

export const templateWrite = z.strictObject({
  name: storableText().trim().min(1, 'This field may not be blank.').max(TEMPLATE_NAME_MAX),
  list: z.number().int().positive().max(2_147_483_647).nullish(),
  layout: layoutWrite,
});
export type TemplateWrite = z.infer<typeof templateWrite>;

/** Items of GET /api/v1/templates. */
export const templateSummary = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  list: z.number().int().nullable(),
  create_datetime: datetime,
});
export type TemplateSummary = z.infer<typeof templateSummary>;

/** GET /api/v1/templates/{id}: with its layout, ready to go into a variant. */
export const template = templateSummary.extend({
  layout: z.looseObject({ text: z.string(), zip_file: z.string().nullable() }),
});
export type Template = z.infer<typeof template>;
