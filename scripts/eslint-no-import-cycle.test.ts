import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import cycles from './eslint-no-import-cycle.js';

/** Lints `a.ts` of a folder holding the given files with only the cycle rule on. */
function lintA(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycle-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const linter = new Linter({ configType: 'flat', cwd: dir });
  return linter.verify(
    files['a.ts']!,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: cycles },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
    { filename: path.join(dir, 'a.ts') },
  );
}

describe('local/no-import-cycle', () => {
  it('reports a cycle whose way back is a type-only import (which import/no-cycle skips)', () => {
    const messages = lintA({
      'a.ts': "import { b } from './b.js';\nexport type A = { n: number };\nb();\n",
      'b.ts': "import type { A } from './a.js';\nexport const b = (a?: A) => a;\n",
    });
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/^Import cycle: .*a\.ts → .*b\.ts → .*a\.ts/),
    ]);
  });

  it('reports a longer cycle through a re-export', () => {
    const messages = lintA({
      'a.ts': "export { c } from './b.js';\nexport const a = 1;\n",
      'b.ts': "export { c } from './c.js';\n",
      'c.ts': "import type { a } from './a.js';\nexport const c = (x: typeof a) => x;\n",
    });
    expect(messages).toHaveLength(1);
  });

  it('accepts shared types moved down a level', () => {
    const messages = lintA({
      'a.ts': "import { b } from './b.js';\nimport type { T } from './types.js';\nb({} as T);\n",
      'b.ts': "import type { T } from './types.js';\nexport const b = (t: T) => t;\n",
      'types.ts': 'export type T = { n: number };\n',
    });
    expect(messages).toEqual([]);
  });
});
