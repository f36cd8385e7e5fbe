import type { MailedLink } from '../../api/account';

/** The mailed link in an address, if it is one. */
export function mailedLinkOf(pathname: string): MailedLink | null {
  const match = /^\/(invitation|password-reset)\/([A-Za-z0-9_-]{10,100})\/?$/.exec(pathname);
  return match ? { kind: match[1] as MailedLink['kind'], token: match[2]! } : null;
}
