import { t } from '@lingui/core/macro';
/**
 * Sign-in checks, kept free of zod and react-hook-form: the sign-in screen is the first
 * thing every user loads, and two fields do not need either library.
 */
export type SignInValues = { username: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

export function validateSignIn({ username, password }: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (!username.trim()) errors.username = t`Enter your username.`;
  else if (!username.includes('@'))
    errors.username = t`Usernames contain “@”, like an email address.`;
  if (!password) errors.password = t`Enter your password.`;
  return errors;
}

/** Only a path inside the app: `next=https://evil.example` or `//evil` would leave it. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next.startsWith('/sign-in') ? '/' : next;
}
