import { execFileSync } from 'node:child_process';
import { config, z } from 'zod';
import { describe, expect, it } from 'vitest';
import { installZodMessages } from './zod-messages';

describe('zod messages', () => {
  it('give zod, already loaded, the server wording', () => {
    installZodMessages();
    expect(z.object({ name: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'This field is required.',
    );
    expect(z.email().safeParse('nope').error?.issues[0]?.message).toBe(
      'Enter a valid email address.',
    );
    expect(config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
  });

  // In the app zod loads later, with the first form: it must adopt what is already there.
  it('reach a zod loaded afterwards', () => {
    const script = `globalThis.__zod_globalConfig = { customError: () => 'prepared' };
      const { z } = await import('zod');
      process.stdout.write(z.string().safeParse(1).error.issues[0].message);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out).toBe('prepared');
  });
});
