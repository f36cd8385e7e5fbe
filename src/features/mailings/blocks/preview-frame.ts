import {
  UNSUBSCRIBE_TAG,
  renderTemplate,
  type TagValues,
} from '../../../../contract/personalization';
import { DARK_MEDIA } from './to-mjml';

/** Values shown when no subscriber is chosen: what a typical recipient would see. */
export const sampleValues: TagValues = {
  email: 'alex@example.com',
  first_name: 'Alex',
  last_name: 'Sample',
};

/**
 * A preview document with one recipient's values filled in (escaped, as the sender does),
 * the unsubscribe link pointing nowhere, and, for `dark`, the layout's dark-mode rules on.
 */
export function personalisedPreview(document: string, values: TagValues, dark: boolean): string {
  const filled = renderTemplate(document, { ...values, [UNSUBSCRIBE_TAG]: '#unsubscribe' }, true);
  return dark ? filled.replaceAll(DARK_MEDIA, '@media all') : filled;
}
