/**
 * Where a tab without a session goes: back here once signed in (a deep link, an expired
 * session); a deliberate sign-out starts afresh.
 */
export function signInPath(here: string, signedOut: boolean): string {
  if (here.startsWith('/sign-in')) return here;
  return signedOut || here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`;
}
