import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ImportDelimiter } from '../../../../contract/imports';
import { dateTimeFormat } from '../../../lib/format';

const delimiterNames: Record<ImportDelimiter, MessageDescriptor> = {
  ',': msg`Comma (,)`,
  ';': msg`Semicolon (;)`,
  '\t': msg`Tab`,
  '|': msg`Pipe (|)`,
};

/** A delimiter as the reader's locale names it (`Comma (,)`; `\t` is invisible, so named). */
export const delimiterLabel = (delimiter: ImportDelimiter) => i18n._(delimiterNames[delimiter]);

/**
 * A date the import stores (`1985-02-14`) as the reader's locale writes it (`14.02.1985`).
 * The day itself has no time zone, so it is formatted in UTC. English keeps the stored ISO
 * form: it is the unambiguous way to show an English-speaking team which day a value
 * became, whichever side of the Atlantic they write dates on.
 */
export function formatStoredDate(iso: string): string {
  if (i18n.locale === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  return dateTimeFormat({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}
