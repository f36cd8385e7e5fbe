import type { MailingWrite, VariantWrite } from '../../../api/mailings';
import { localToUtc } from '../local-time';
import type { ComposerValues, VariantValues } from './composer-values';

/**
 * The POST body of a checked composer. Fields left empty are left out, so the service
 * applies the list's defaults ("when not given", spec: Variant); a variant's language is
 * sent as the array the spec documents. `zipFor` gives an HTML variant's zip_file data URI.
 */
export function toMailingWrite(
  values: ComposerValues,
  zipFor: (language: string) => string | undefined,
  textFor: (language: string) => string | undefined = () => undefined,
): MailingWrite {
  const campaign = values.campaign.trim();
  return {
    list: Number(values.list),
    name: values.name.trim(),
    ...(campaign ? { campaign: Number(campaign) } : {}),
    segments: values.segments.map((s) => Number(s.trim())),
    variants: values.variants.map((v) =>
      toVariantWrite(v, zipFor(v.language), textFor(v.language)),
    ),
  };
}

/** One variant's part of the body (also what a test of the unsaved variant sends). */
export function toVariantWrite(
  v: VariantValues,
  zipFile: string | undefined,
  text: string | undefined,
): VariantWrite {
  const optional = (key: 'from_name' | 'from_email' | 'replyto_email') =>
    v[key].trim() ? { [key]: v[key].trim() } : {};
  return {
    language: [v.language],
    ...optional('from_name'),
    ...optional('from_email'),
    ...optional('replyto_email'),
    subject: v.subject.trim(),
    layout:
      v.layout.mode === 'text'
        ? { text: v.layout.text }
        : v.layout.mode === 'html' || !text
          ? { zip_file: zipFile ?? '' }
          : // Blocks and Markdown: the zip, and the plain-text part made from the same source.
            { zip_file: zipFile ?? '', text },
    deliveries: v.deliveries.map((d) => ({ scheduled_datetime: localToUtc(d.local)! })),
  };
}
