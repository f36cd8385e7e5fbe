import type { Subscriber } from '../../../contract/subscribers';
import { displayValue, type FieldInfo } from './columns';
import type { SubscriberBody } from './form/form-model';
import type { SubscriptionState } from './states';

/** One field of the 409 comparison: the existing subscriber's value beside what was entered. */
export type ConflictRow = {
  field: FieldInfo;
  existing: string;
  entered: string;
  differs: boolean;
  /** Same text but for letter case (the email, compared case-insensitively by the server). */
  caseOnly: boolean;
  /** Ticked at first: the entered value differs and is not empty (never blank out data). */
  preselected: boolean;
};

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function same(field: FieldInfo, a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (isEmpty(a) || isEmpty(b)) return false;
  if (field.type === 'datetime') return Date.parse(String(a)) === Date.parse(String(b));
  return String(a) === String(b);
}

export function conflictRows(
  fields: readonly FieldInfo[],
  existing: Subscriber,
  entered: SubscriberBody,
): ConflictRow[] {
  return fields
    .filter((f) => !f.readOnly && f.name in entered)
    .map((field) => {
      const a = existing[field.name];
      const b = entered[field.name];
      const differs = !same(field, a, b);
      const caseOnly =
        differs &&
        typeof a === 'string' &&
        typeof b === 'string' &&
        a.trim().toLowerCase() === b.trim().toLowerCase();
      return {
        field,
        existing: displayValue(field, a),
        entered: displayValue(field, b),
        differs,
        caseOnly,
        preselected: differs && !isEmpty(b) && !caseOnly,
      };
    });
}

/** The PATCH that applies the chosen entered values to the existing subscriber. */
export function patchFromChoices(
  entered: SubscriberBody,
  chosen: Iterable<string>,
): SubscriberBody {
  return Object.fromEntries([...chosen].filter((n) => n in entered).map((n) => [n, entered[n]]));
}

/** States from which the 409 panel offers re-activation (the person left the list). */
export const canReactivate = (state: SubscriptionState) =>
  state === 'unsubscribed' || state === 'deleted';
