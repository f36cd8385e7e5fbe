import { z } from 'zod';

/** The password rule of `npm run users`, the invitation page and the reset page. */
export const MIN_NEW_PASSWORD_LENGTH = 8;
export const newPassword = z
  .string()
  .min(MIN_NEW_PASSWORD_LENGTH, `Use at least ${MIN_NEW_PASSWORD_LENGTH} characters.`)
  .max(1024);

/** Usernames are addresses (docs/decisions/api-choices.md): invitations and resets are mailed to them. */
export const usernameField = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'Enter an email address.');

/** A six-digit TOTP code, or a recovery code (`xxxxx-xxxxx`), as typed (spaces ignored). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6, 'Enter the code.')
  .max(32)
  .transform((v) => v.replace(/\s+/g, ''));

/**
 * `DELETE /api/v1/me/two-factor`: turning the second factor off takes the password and a
 * code, so a stolen session or API token alone cannot remove it.
 */
export const disableTwoFactorBody = z.object({
  password: z.string().min(1, 'Enter your password.').max(1024),
  code: secondFactorCode,
});
export type DisableTwoFactor = z.input<typeof disableTwoFactorBody>;

export type Invitation = {
  id: number;
  user: number;
  username: string;
  invited_by: number | null;
  create_datetime: string;
  expire_datetime: string;
  sent_datetime: string | null;
  expired: boolean;
};

/**
 * The answer to inviting (and resending): the invitation and its link, for the admin to
 * pass on when no mail reaches the person (issue 49: the Outbox never shows the link).
 */
export type InvitationWithLink = Invitation & { invitation_url: string };

/** `POST /api/v1/users/{id}/password-reset`: a reset link for the admin to pass on. */
export type PasswordResetLink = { password_reset_url: string };

export type ActiveSession = {
  id: number;
  device: string;
  address: string;
  create_datetime: string;
  last_used_datetime: string;
  current: boolean;
};

export type AuditEntry = {
  id: number;
  time: string;
  user: number | null;
  username: string | null;
  token: number | null;
  /** The token's name when the write was made (absent from deployments before issue 49). */
  token_name?: string | null;
  method: string;
  route: string;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  address: string;
  status: number;
  /** What the write did in words where route and resource do not say (an erasure, issue 53). */
  detail?: string | null;
};
