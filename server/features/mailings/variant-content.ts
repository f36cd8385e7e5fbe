import type { VariantWrite } from '../../../contract/mailings.js';
import { templateProblems } from '../../../contract/personalization.js';
import type { DrfErrors } from '../../lib/http-errors.js';
import { ZipLayoutError, importZipLayout, type ImportedLayout } from './layout-import.js';

/**
 * A variant's zip_file as read: the imported layout, the reason it was refused, or nothing
 * (a text-only variant).
 */
export type PreparedLayout = ImportedLayout | { error: string } | undefined;

/** Reads a zip_file before any transaction starts: inflating is the slow part. */
export async function prepareLayout(zipFile: string | null | undefined): Promise<PreparedLayout> {
  if (!zipFile) return undefined;
  try {
    return await importZipLayout(zipFile);
  } catch (error) {
    if (!(error instanceof ZipLayoutError)) throw error;
    return { error: error.message };
  }
}

/** The imported layout of a prepared zip_file; undefined for none or a refused one. */
export function importedLayout(prepared: PreparedLayout): ImportedLayout | undefined {
  return prepared && !('error' in prepared) ? prepared : undefined;
}

/**
 * What creating a mailing refuses in a variant's content, as DRF field errors nested as the
 * request nests them (`{subject, layout: {text, zip_file}}`), empty when nothing is wrong: a
 * zip that cannot be read, and personalisation tags that name no field of the list, which
 * are refused here rather than sent as empty strings (docs/decisions/block-editor.md). Creating a
 * mailing and sending a test of an unsaved variant (deliveries' test messages) both check
 * a variant with it, so a test is refused exactly where the mailing would be.
 */
export function variantProblems(
  variant: Pick<VariantWrite, 'subject' | 'layout'>,
  layout: PreparedLayout,
  /** Custom field names of the list (shared and its own). */
  knownFields: readonly string[],
): DrfErrors {
  const tags = (source: string) => templateProblems(source, knownFields).map((p) => p.message);
  const problems: DrfErrors = {};
  const subject = tags(variant.subject);
  if (subject.length) problems.subject = subject;
  const layoutProblems: DrfErrors = {};
  const text = tags(variant.layout.text ?? '');
  if (text.length) layoutProblems.text = text;
  if (layout && 'error' in layout) layoutProblems.zip_file = [layout.error];
  else if (layout) {
    const html = tags(layout.html);
    if (html.length) layoutProblems.zip_file = html;
  }
  if (Object.keys(layoutProblems).length) problems.layout = layoutProblems;
  return problems;
}
