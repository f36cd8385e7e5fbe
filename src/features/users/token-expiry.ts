import { msg } from '@lingui/core/macro';

/** The choices of a new token's lifetime on the API tokens screen. */
export const EXPIRY_CHOICES = [
  { value: 'never', label: msg`Never` },
  { value: '30', label: msg`In 30 days` },
  { value: '90', label: msg`In 90 days` },
  { value: '365', label: msg`In a year` },
  { value: 'date', label: msg`On a date…` },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 86_400_000;

/**
 * The `expires` of POST /users/{id}/tokens: null for never, the same time of day N days on,
 * or the end of a chosen day in the user's own time zone. An empty date is undefined (the
 * form says so); a past one is sent and the server refuses it on `expires`.
 */
export function tokenExpiry(choice: ExpiryChoice, date: string, now = new Date()) {
  if (choice === 'never') return null;
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const end = new Date(`${date}T23:59:59`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** Whether a token's expiry has passed (it is refused from then on). */
export const hasExpired = (expires: string | null, now = new Date()) =>
  expires !== null && new Date(expires).getTime() <= now.getTime();
