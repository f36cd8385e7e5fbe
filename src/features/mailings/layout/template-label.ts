import { t } from '@lingui/core/macro';

/** The label of a layout opened from a template: `Template “Spring”`, in the active locale. */
export const templateLayoutLabel = (name: string) => t`Template “${name}”`;

/** Whether a layout's label says it was opened from a template (any name). */
export function isTemplateLayoutLabel(label: string): boolean {
  const prefix = templateLayoutLabel('\u0000').split('\u0000')[0] ?? '';
  return prefix !== '' && label.startsWith(prefix);
}
