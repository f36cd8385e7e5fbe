import { languageCodes, type MailingWrite } from '../../../contract/mailings.js';
import { badRequest, type DrfErrors } from '../../lib/http-errors.js';
import type { ListDefaults, MailingReferences, NewMailing } from './repository.js';
import {
  importedLayout,
  prepareLayout,
  variantProblems,
  type PreparedLayout,
} from './variant-content.js';

/** Per variant: the imported zip, the reason it was refused, or nothing (text only). */
export type PreparedLayouts = PreparedLayout[];

/** Reads every zip_file before any transaction starts: inflating is the slow part. */
export async function prepareLayouts(body: MailingWrite): Promise<PreparedLayouts> {
  const prepared: PreparedLayouts = [];
  for (const variant of body.variants) prepared.push(await prepareLayout(variant.layout.zip_file));
  return prepared;
}

export const duplicateName = () => badRequest('name', 'mailing with this name already exists.');

/**
 * The mailing to store, with docs/decisions/api-choices.md's rules and defaults, or one 400 holding every
 * problem, nested where the request nests it (`variants[i].layout.zip_file`).
 */
export function resolveMailing(
  body: MailingWrite,
  layouts: PreparedLayouts,
  list: ListDefaults | undefined,
  nameTaken: boolean,
  userId: number,
  references: MailingReferences = { campaignExists: true, unknownSegments: [] },
  /** Custom field names of the list (shared and its own), for personalisation tags. */
  knownFields: readonly string[] = [],
): NewMailing {
  const errors: DrfErrors = {};
  if (!list) errors.list = [`Invalid pk "${body.list}" - object does not exist.`];
  if (nameTaken) errors.name = ['mailing with this name already exists.'];
  if (!references.campaignExists)
    errors.campaign = [`Invalid pk "${body.campaign}" - object does not exist.`];
  if (list && references.unknownSegments.length) {
    errors.segments = references.unknownSegments.map(
      (id) => `Invalid pk "${id}" - no segment of this list has this id.`,
    );
  }
  const variantErrors: DrfErrors[] = body.variants.map((variant, i) => {
    const problems = variantProblems(variant, layouts[i], knownFields);
    const outside = list
      ? languageCodes(variant.language).filter((c) => !list.languages.includes(c))
      : [];
    if (outside.length) {
      problems.language = outside.map(
        (c) => `"${c}" is not one of the list's languages (${list!.languages.join(', ')}).`,
      );
    }
    return problems;
  });
  if (variantErrors.some((e) => Object.keys(e).length)) errors.variants = variantErrors;
  if (Object.keys(errors).length || !list) throw badRequest(errors);

  return {
    listId: list.id,
    name: body.name,
    campaign: body.campaign ?? null,
    segments: body.segments ?? [],
    userId,
    variants: body.variants.map((v, i) => {
      const zip = importedLayout(layouts[i]); // a refused zip was a 400 above
      const text = v.layout.text ?? '';
      return {
        languages: languageCodes(v.language),
        fromName: v.from_name ?? list.defaultFromName,
        fromEmail: v.from_email ?? list.defaultFromEmail,
        replytoEmail: v.replyto_email ?? list.defaultReplytoEmail,
        subject: v.subject,
        text,
        source: zip ? zip.source : () => text,
        images: zip?.images ?? [],
        document: zip?.document ?? null,
        scheduled: (v.deliveries ?? []).map((d) => new Date(d.scheduled_datetime)),
      };
    }),
  };
}
