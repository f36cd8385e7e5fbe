/** What a redacted secret reads as. */
export const REDACTED = '[redacted]';

// The path segment after a mailed link's prefix, wherever the link stands (text or HTML).
const LINK_TOKEN = /(\/(?:invitation|password-reset)\/)[^\s/?#"'<>&]+/g;
// A URL in text or in an HTML attribute (an `&amp;` in it is fine: `&` is not a token char).
const URL = /\bhttps?:\/\/[^\s"'<>]+/gi;
// Tokens are 256 random bits in base64url (43 characters): any such run, or a longer one.
const TOKEN_IN_URL = /[A-Za-z0-9_-]{43,}/g;
// Outside a URL: a run of exactly one token's length standing alone.
const LONE_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * System mail (invitations, resets, notices) as an admin may read it in the Outbox (issue 49):
 * its links are credentials, so every token in them, the path segment after `/invitation/`
 * or `/password-reset/`, and any 43-character base64url token, reads `[redacted]`. Only
 * the link's recipient ever gets the token; the admin who invites or resets gets its own
 * link in that answer (`invitation_url`, `password_reset_url`).
 */
export function redactTokens(content: string): string {
  return content
    .replace(LINK_TOKEN, `$1${REDACTED}`)
    .replace(URL, (url) => url.replace(TOKEN_IN_URL, REDACTED))
    .replace(LONE_TOKEN, REDACTED);
}
