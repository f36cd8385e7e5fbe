/**
 * The header only the dashboard sends, on every request (src/api/client.ts), and its value.
 * The server reads it (server/plugins/browser-requests.ts) as the CSRF defence for cookie
 * writes, to answer a 401 without a Basic challenge the browser would prompt for, and to tell
 * the audit log a write came from the dashboard (server/lib/actor.ts).
 */
export const DASHBOARD_HEADER = 'x-mailboard-client';
export const DASHBOARD_CLIENT = 'dashboard';
