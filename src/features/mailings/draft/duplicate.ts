import { t } from '@lingui/core/macro';
import { variantLanguages, type LayoutCopy } from '../../../../contract/mailings';
import type { Mailing } from '../../../api/mailings';
import { parseBlockDocument } from '../blocks/document';
import type { ComposerValues, LayoutMode, VariantValues } from './composer-values';
import { clearDraft, saveDraft, saveLayoutArchive, type StoredLayoutRef } from './draft-storage';

const NAME_MAX = 200;

/** The source a copied layout reopens in: its blocks or Markdown, its zip, or its text. */
function modeOf(copy: LayoutCopy | undefined): LayoutMode {
  if (!copy) return 'html';
  if (copy.zip_file === null) return 'text';
  const doc = copy.document ? parseBlockDocument(copy.document) : undefined;
  if (!doc) return 'html';
  return doc.markdown === undefined ? 'blocks' : 'markdown';
}

/**
 * The composer's values for a copy of `mailing`: the same list, audience and variants, a new
 * name, no deliveries (a copy is scheduled anew). `copies[i]` is variant i's layout, or
 * undefined where the service cannot give it back (it must then be added again).
 */
export function duplicateValues(
  mailing: Mailing,
  copies: (LayoutCopy | undefined)[],
): ComposerValues {
  const suffix = ` ${t`(copy)`}`;
  return {
    list: String(mailing.list),
    name: mailing.name.slice(0, NAME_MAX - suffix.length) + suffix,
    campaign: mailing.campaign === null ? '' : String(mailing.campaign),
    segments: mailing.segments.map(String),
    variants: mailing.variants.map((v, i): VariantValues => {
      const copy = copies[i];
      const mode = modeOf(copy);
      return {
        language: variantLanguages(v)[0] ?? '',
        subject: v.subject,
        from_name: v.from_name,
        from_email: v.from_email,
        replyto_email: v.replyto_email,
        layout: { mode, text: mode === 'text' ? (copy?.text ?? '') : '' },
        deliveries: [],
      };
    }),
  };
}

/**
 * Replaces the composer's draft with a copy of `mailing`: the composer then opens it exactly
 * as it reopens a draft after a reload (layouts over the storage budget are asked for again).
 */
export function startDuplicateDraft(mailing: Mailing, copies: (LayoutCopy | undefined)[]) {
  clearDraft();
  const values = duplicateValues(mailing, copies);
  const name = mailing.name;
  const layouts: Record<string, StoredLayoutRef> = {};
  values.variants.forEach((variant, i) => {
    const zip = copies[i]?.zip_file;
    if (!zip || !variant.language) return;
    const kept = saveLayoutArchive(variant.language, zip);
    layouts[variant.language] = {
      label: t`Layout of “${name}”`,
      kept,
      bytes: Math.floor((zip.length * 3) / 4),
    };
  });
  saveDraft({ values, layouts });
  return values;
}
