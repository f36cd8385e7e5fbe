import type { ActiveSession, DisableTwoFactor } from '../../contract/account';
import { extension, request } from './client';

export type { ActiveSession };
export type TwoFactorStatus = { enrolled: boolean; required: boolean; recovery_codes_left: number };
export type Enrolment = { secret: string; uri: string; qr: string };

/** The caller's two-factor state (extension); unsupported on other deployments. */
export const getTwoFactor = (signal?: AbortSignal) =>
  extension('two-factor', () => request<TwoFactorStatus>('/me/two-factor', { signal }));

export const startEnrolment = () => request<Enrolment>('/me/two-factor', { method: 'POST' });

/** Resolves to the recovery codes, shown once. */
export const confirmEnrolment = (code: string) =>
  request<{ recovery_codes: string[] }>('/me/two-factor/confirm', {
    method: 'POST',
    body: { code },
  });

/** Needs the password and a code; wrong ones count toward a wait (429, issue 49). */
export const disableTwoFactor = async (body: DisableTwoFactor) => {
  await request('/me/two-factor', { method: 'DELETE', body });
};

export const getMySessions = (signal?: AbortSignal) =>
  extension('me-sessions', () => request<ActiveSession[]>('/me/sessions', { signal }));

export const endMySession = async (id: number) => {
  await request(`/me/sessions/${id}`, { method: 'DELETE' });
};
