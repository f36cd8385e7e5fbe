import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, fieldErrors, isApiError } from '../api/errors';

/**
 * Puts a failed submission's messages where the user looks (react-admin's
 * setSubmissionErrors): each 400 field message on its form field (a nested path such as
 * `languages.1` on the nearest field the form has), and returns what fits no field — the
 * non-field errors, or the description of any other failure — for an alert above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] {
  if (!isApiError(err, 400)) return [describeError(err)];
  const leftover: string[] = [];
  let focused = false;
  for (const [path, messages] of Object.entries(fieldErrors(err))) {
    const field = nearestField(path, fields);
    if (field) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
      focused = true;
    } else {
      const prefix = path === 'non_field_errors' ? '' : `${path}: `;
      leftover.push(...messages.map((m) => prefix + m));
    }
  }
  return leftover.length > 0 || focused ? leftover : [describeError(err)];
}

function nearestField<T extends FieldValues>(
  path: string,
  fields: readonly Path<T>[],
): Path<T> | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    const match = fields.find((f) => f === candidate);
    if (match) return match;
  }
  return undefined;
}
