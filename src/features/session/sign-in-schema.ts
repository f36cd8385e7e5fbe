import { z } from 'zod';

export const signInSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Enter your username.')
    .refine((v) => v.includes('@'), 'Usernames contain “@”, like an email address.'),
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInValues = z.infer<typeof signInSchema>;

/** Only a path inside the app: `next=https://evil.example` or `//evil` would leave it. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next.startsWith('/sign-in') ? '/' : next;
}
