import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import { LAYOUT_INDEX } from '../../../contract/mailings.js';
import { layoutFiles, layouts } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { idParam } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { LAYOUT_DOCUMENT } from './layout-import.js';
import { scoped } from '../../lib/route-access.js';

const params = z.object({ id: idParam });
const ZIP_PREFIX = 'data:application/zip;charset=utf-8;base64,';

/**
 * Extension: a stored layout as a layout request again (`text`, `zip_file`), so the
 * dashboard can start a new mailing or a template from it ("Duplicate") and reopen its
 * blocks (docs/decisions/block-editor.md). The zip holds index.html with the image references
 * made relative again, the images, the plain text (index.txt) and mailboard.json.
 */
export async function layoutRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/layouts/:id',
    { config: { access: scoped('layout', 'mailings:read') }, schema: { params } },
    async (request) => {
      const { id } = request.params;
      const [layout] = await db.select().from(layouts).where(eq(layouts.id, id));
      if (!layout) throw notFound();
      const files = await db
        .select({ path: layoutFiles.path, data: layoutFiles.data })
        .from(layoutFiles)
        .where(eq(layoutFiles.layoutId, id));
      const isText = layout.source === layout.text && files.length === 0 && !layout.document;
      if (isText) return { id, text: layout.text, zip_file: null, document: null };
      const prefix = `/media/layouts/${id}/`;
      const html = layout.source.replace(
        new RegExp(`${prefix.replace(/[/]/g, '\\/')}([^"'()\\s>]+)`, 'g'),
        (_, path: string) => decodeURIComponent(path),
      );
      const entries: Zippable = { [LAYOUT_INDEX]: strToU8(html) };
      if (layout.text) entries['index.txt'] = strToU8(layout.text);
      if (layout.document) entries[LAYOUT_DOCUMENT] = strToU8(layout.document);
      for (const f of files) entries[f.path] = [f.data, { level: 0 }];
      const zip = zipSync(entries, { level: 6 });
      return {
        id,
        text: layout.text,
        zip_file: ZIP_PREFIX + Buffer.from(zip).toString('base64'),
        document: layout.document,
      };
    },
  );
}
