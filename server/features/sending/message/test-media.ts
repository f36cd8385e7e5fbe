import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { testMedia } from '../../../db/schema/index.js';
import type { ImportedLayout } from '../../mailings/index.js';

/** Days an image of a test message stays served after the last test that used it. */
const KEEP_DAYS = 30;

/** An image's name under /media/tests/: its content hash, and the extension it came with. */
const mediaFile = (data: Uint8Array, path: string) => {
  const lower = path.toLowerCase();
  const ext = lower.endsWith('.png') ? 'png' : lower.endsWith('.gif') ? 'gif' : 'jpg';
  const hash = createHash('sha256').update(data).digest('base64url');
  return { hash, name: `${hash}.${ext}` };
};

/**
 * The images of test messages (table test_media), kept by content hash: the same image sent
 * again is one row, whose last use is refreshed, and images no test used for 30 days are
 * forgotten.
 */
export function testMediaRepository(db: Db) {
  return {
    /**
     * Stores a test's images, pruning the forgotten ones in the same transaction; the file
     * name under /media/tests/ of each image, by its path in the layout.
     */
    async keep(images: ImportedLayout['images']): Promise<Map<string, string>> {
      const files = new Map(images.map((i) => [i.path, mediaFile(i.data, i.path)]));
      if (images.length) {
        await db.transaction(async (tx) => {
          await tx
            .delete(testMedia)
            .where(lt(testMedia.usedDatetime, sql`now() - make_interval(days => ${KEEP_DAYS})`));
          for (const image of images) {
            await tx
              .insert(testMedia)
              .values({
                hash: files.get(image.path)!.hash,
                contentType: image.contentType,
                data: image.data,
              })
              .onConflictDoUpdate({ target: testMedia.hash, set: { usedDatetime: sql`now()` } });
          }
        });
      }
      return new Map([...files].map(([path, file]) => [path, file.name]));
    },

    /** One stored image by its hash, or undefined. */
    async find(hash: string): Promise<{ contentType: string; data: Uint8Array } | undefined> {
      const [file] = await db
        .select({ contentType: testMedia.contentType, data: testMedia.data })
        .from(testMedia)
        .where(eq(testMedia.hash, hash));
      return file;
    },
  };
}
