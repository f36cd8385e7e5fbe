import { asc } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDocumentSchema } from '../../contract/block-document.js';
import { templates } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { seedTemplates } from './templates.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('seedTemplates', () => {
  it('stores block documents the composer reads (the contract schema accepts them)', async () => {
    expect(await seedTemplates(t.db)).toBe(3);
    const rows = await t.db
      .select({ name: templates.name, zip: templates.zip })
      .from(templates)
      .orderBy(asc(templates.id));
    expect(rows.map((r) => r.name)).toEqual(['Newsletter', 'Announcement', 'Plain letter']);
    for (const row of rows) {
      const json = strFromU8(unzipSync(row.zip!)['mailboard.json']!);
      const parsed = blockDocumentSchema.safeParse(JSON.parse(json));
      expect(parsed.error?.issues ?? [], row.name).toEqual([]);
      expect(parsed.data!.blocks.at(-1)!.kind).toBe('footer');
    }
  });
});
