/**
 * zod compiles object parsers with `new Function` unless told not to. The dashboard's CSP
 * has no 'unsafe-eval' (docs/decisions/api-choices.md), and zod's probe for it would still be reported as a
 * violation, so the page and its workers set `jitless` before zod first parses. Like
 * zod-messages.ts, this fills zod's shared `globalThis.__zod_globalConfig` without loading
 * zod itself.
 */
export function configureZodForCsp(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}
