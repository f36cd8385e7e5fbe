import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * CI generates a typed client from the served OpenAPI document with openapi-typescript and
 * type-checks a small program that uses it (server/test/openapi-client/program.ts): a
 * document that drops a status or a body the program relies on fails here (issue 32).
 */
const program = fileURLToPath(new URL('../test/openapi-client/program.ts', import.meta.url));
let t: TestContext;
let dir: string;

function typeErrors(file: string) {
  const checked = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(checked)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

// The document is the same whatever the database: checked once, on PGlite (`npm run test:pg`
// runs every server test file again on PostgreSQL, and this one would only repeat itself).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the generated client', () => {
  beforeAll(async () => {
    t = await createTestContext();
    dir = await mkdtemp(path.join(os.tmpdir(), 'mailboard-client-'));
    const document = (await t.get('/api/v1/openapi.json')).json<OpenAPI3>();
    await writeFile(path.join(dir, 'api.ts'), astToString(await openapiTS(document)));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the generated client type-checks a program that creates a list and handles the 409', async () => {
    const copy = path.join(dir, 'program.ts');
    await copyFile(program, copy);
    expect(typeErrors(copy)).toEqual([]);
  }, 60_000);

  it('…and would fail on a status the document does not list', async () => {
    const wrong = path.join(dir, 'wrong.ts');
    await writeFile(
      wrong,
      `import type { paths } from './api.js';\n` +
        `export type Teapot = paths['/api/v1/lists']['post']['responses'][418];\n`,
    );
    expect(typeErrors(wrong).join('\n')).toMatch(/418/);
  }, 60_000);
});
