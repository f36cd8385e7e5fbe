import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, fieldErrors, isApiError, type FieldErrors } from '../api/errors';

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
  const errors = fieldErrors(err);
  const { unplaced } = applyFieldErrors(errors, setError, fields);
  return Object.keys(errors).length > 0 ? unplaced : [describeError(err)];
}

/**
 * The same for messages already flattened by `fieldErrors` (the part of a 400 that belongs
 * to this form, its paths as the form names them): each on its nearest field, the first
 * focused unless `focus` is false. Returns the fields marked and the messages that fit none.
 */
export function applyFieldErrors<T extends FieldValues>(
  errors: FieldErrors,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { focus = true }: { focus?: boolean } = {},
): { placed: Path<T>[]; unplaced: string[] } {
  const placed: Path<T>[] = [];
  const unplaced: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const field = nearestField(path, fields);
    if (field) {
      const shouldFocus = focus && placed.length === 0;
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus });
      placed.push(field);
    } else {
      const prefix = path === 'non_field_errors' ? '' : `${path}: `;
      unplaced.push(...messages.map((m) => prefix + m));
    }
  }
  return { placed, unplaced };
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
