// Real clients send a few hundred bytes; anything longer is refused before any work.
const MAX_HEADER_LENGTH = 4096;
const MAX_USERNAME_LENGTH = 254;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `Basic base64(username:password)`. Everything else a client can send (another scheme,
 * no token, bad base64, no colon, invalid UTF-8, control characters, oversized values) is
 * "malformed" and answered 401 without touching the database or the throttle.
 */
export function parseBasic(
  header: string | undefined,
): { username: string; password: string } | 'missing' | 'malformed' {
  if (header === undefined || header.trim() === '') return 'missing';
  if (header.length > MAX_HEADER_LENGTH) return 'malformed';
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (!match) return 'malformed';
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(match[1]!, 'base64'));
  } catch {
    return 'malformed';
  }
  const colon = decoded.indexOf(':');
  if (colon < 1) return 'malformed';
  const username = urlEncodedUsername(decoded.slice(0, colon));
  const password = decoded.slice(colon + 1);
  // PostgreSQL text cannot hold NUL, and no username or password contains control characters.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded + username)) return 'malformed';
  if (username.length > MAX_USERNAME_LENGTH) return 'malformed';
  return { username, password };
}

/**
 * The spec tells clients to write the username's `@` as `%40` in URLs, and some clients
 * (`curl -u`, WHATWG `URL.username`) then send that encoded form in the header. Every
 * username contains `@`, so one without `@` that decodes to one with it is read decoded;
 * a username that already has its `@` is taken as given.
 */
function urlEncodedUsername(username: string): string {
  if (username.includes('@') || !/%40/i.test(username)) return username;
  try {
    return decodeURIComponent(username);
  } catch {
    return username;
  }
}
