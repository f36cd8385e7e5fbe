import { z } from 'zod';
import { storableText } from './fields.js';

/**
 * A person's data (extension, issue 53): `GET /api/v1/people/{email}/export` (a zip of
 * person.json and person.html) and `POST /api/v1/people/{email}/erase`.
 */
export const ERASURE_REASON_MAX = 500;

export const erasureRequest = z.object({
  reason: storableText()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(
      ERASURE_REASON_MAX,
      `Ensure this field has no more than ${ERASURE_REASON_MAX} characters.`,
    ),
});
export type ErasureRequest = z.infer<typeof erasureRequest>;

export const erasureResult = z.object({
  /** Names the erasure in the audit log (`erased:<hex>`); never derived from the address. */
  reference: z.string(),
  /** How many lists the person was on. */
  lists: z.number().int(),
  /** Rows deleted or de-identified per kind of data (`subscriptions`, `opens`, …). */
  removed: z.record(z.string(), z.number().int()),
});
export type ErasureResult = z.infer<typeof erasureResult>;
