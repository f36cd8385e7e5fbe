/**
 * Whether a request URL is under /api/, judged on the decoded, slash-collapsed path:
 * `/%61pi/v1/lists` and `//api/v1/lists` route to the API as well.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  // Most paths have nothing to decode or collapse; every request asks, a tracking link's
  // long token included (bench/open-pixel.bench.ts).
  if (!path.includes('%') && !path.includes('//')) return path.startsWith('/api/');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Invalid percent-encoding: judge the raw path.
  }
  return decoded.replace(/\/+/g, '/').startsWith('/api/');
}
