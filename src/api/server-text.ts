/**
 * The server's texts in the active locale (issue 55), with the table of those the dashboard
 * knows (server-messages.ts, and its messages' catalog) downloaded only when a screen may
 * show one: before an error response is handed on (client.ts) and with the first form
 * (components/form-resolver.ts). No first screen carries it.
 */
type Table = typeof import('./server-messages');
let table: Table | undefined;
let loading: Promise<void> | undefined;

/** Resolves once the table is here; never rejects (offline, the server's words are shown). */
export function loadServerTexts(): Promise<void> {
  return (loading ??= import('./server-messages').then(
    (module) => void (table = module),
    () => void (loading = undefined),
  ));
}

/** A message the server sent, in the active locale where the dashboard knows it. */
export function translateServerText(text: string): string {
  return table ? table.translateServerText(text) : text;
}
