import type { config } from 'zod/v4/core';
import { drfErrorMap } from '../../contract/messages';
import { translateServerText } from '../api/server-text';

type ZodGlobalConfig = ReturnType<typeof config>;

/**
 * Form messages read exactly like the server's 400 bodies (Django REST framework wording).
 * zod keeps its global config on `globalThis.__zod_globalConfig` (one object shared by every
 * copy of zod, adopted when zod loads; zod PR #5889). Filling it here instead of calling
 * `config()` keeps zod out of every screen's first load (~4 KB gzip): zod arrives with the
 * first form, and reads the wording from there. zod-messages.test.ts proves it does.
 */
export function installZodMessages(): void {
  const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, {
    // The same wording in the active locale (issue 55), like the server's 400s.
    customError: (issue: Parameters<typeof drfErrorMap>[0]) => {
      const message = drfErrorMap(issue);
      return typeof message === 'string' ? translateServerText(message) : message;
    },
  });
}
