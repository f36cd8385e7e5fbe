import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { emailAddress } from '../../../contract/common.js';
import { domainName, type SuppressionImportResult } from '../../../contract/suppressions.js';
import { queryRows } from '../../db/query-rows.js';
import type { Db } from '../../db/types.js';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import { scoped } from '../../lib/route-access.js';
import { suppressionList } from './list-repository.js';

/** 1,000,000 addresses of ~30 characters fit with room to spare. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const BATCH = 2000;
const REPORTED_ERRORS = 100;
const HEADER = ['id', 'email', 'domain', 'reason', 'source', 'created'];
/** As src/lib/csv-export.ts: a cell a spreadsheet would run as a formula is quoted as text. */
const FORMULA_START = /^[=+\-@\t\r]|^\s+[=+\-@]/;

type Entry = { email: string | null; domain: string | null; reason: string; source: string };

/**
 * The list as CSV (GET /api/v1/suppressions/export, streamed in id order, formula-escaped) and
 * a CSV brought in (POST /api/v1/suppressions/import, multipart `file`): one address or
 * domain per row in the first column, or under an `email`/`domain` header, with an optional
 * `reason` (manual, complaint, hard_bounce) and `source`. Erased entries go out without an
 * address and cannot come in.
 */
export async function suppressionCsvRoutes(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10 } });
  const list = suppressionList(db);

  app.get(
    '/suppressions/export',
    { config: { access: scoped('all-lists', 'subscribers:read') } },
    async (_request, reply) => {
      async function* csv() {
        yield '\uFEFF' + HEADER.join(',') + '\r\n';
        for (let after = 0; ;) {
          const rows = await list.chunk(after, 5000);
          if (rows.length === 0) return;
          after = rows.at(-1)!.id;
          const cells = rows.map((r) => [r.id, r.email, r.domain, r.reason, r.source, r.created]);
          yield Papa.unparse(cells, { escapeFormulae: FORMULA_START, newline: '\r\n' }) + '\r\n';
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="suppressions.csv"')
        .send(Readable.from(csv()));
    },
  );

  app.post(
    '/suppressions/import',
    { config: { access: scoped('all-lists', 'subscribers:manage') } },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(415, {
          detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
        });
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw badRequest('file', 'No file was submitted.');
      const data = await file.toBuffer();
      if (file.file.truncated) throw badRequest('file', 'The file is larger than 64 MB.');
      const parsed = Papa.parse<string[]>(data.toString('utf8').replace(/^\uFEFF/, ''), {
        skipEmptyLines: 'greedy',
      });
      const source = `import: ${file.filename || 'upload.csv'} by ${request.user.username}`;
      const result = await importRows(db, parsed.data, source);
      return reply.code(200).send(result);
    },
  );
}

/** Checks each row, then adds the valid ones in batches; what is there already stays. */
async function importRows(db: Db, rows: string[][], defaultSource: string) {
  const first = rows[0]?.map((c) => c.trim().toLowerCase()) ?? [];
  const hasHeader = first.some((c) => ['email', 'domain', 'address', 'reason'].includes(c));
  // Without a header: the address or domain, then the reason and the source, if given.
  const column = (name: string, position: number) => (hasHeader ? first.indexOf(name) : position);
  const at = {
    value: hasHeader ? Math.max(first.indexOf('email'), first.indexOf('domain'), 0) : 0,
    reason: column('reason', 1),
    source: column('source', 2),
  };
  const result: SuppressionImportResult = { added: 0, existing: 0, invalid: 0, errors: [] };
  const entries: Entry[] = [];
  const invalid = (line: number, value: string, message: string) => {
    result.invalid++;
    if (result.errors.length < REPORTED_ERRORS) result.errors.push({ line, value, message });
  };
  rows.forEach((row, i) => {
    if (hasHeader && i === 0) return;
    const value = (row[at.value] ?? '').trim();
    const reason = (at.reason >= 0 ? row[at.reason]?.trim() : '') || 'manual';
    const source = (at.source >= 0 ? row[at.source]?.trim() : '') || defaultSource;
    if (!['manual', 'complaint', 'hard_bounce'].includes(reason))
      return invalid(i + 1, value, 'The reason must be manual, complaint or hard_bounce.');
    if (value.includes('@')) {
      if (!emailAddress.safeParse(value).success)
        return invalid(i + 1, value, 'Enter a valid email address.');
      entries.push({ email: value.toLowerCase(), domain: null, reason, source });
    } else {
      const domain = domainName.safeParse(value);
      if (!domain.success) return invalid(i + 1, value, 'Enter an email address or a domain.');
      if (reason !== 'manual')
        return invalid(i + 1, value, 'A whole domain is suppressed only by hand (manual).');
      entries.push({ email: null, domain: domain.data, reason, source });
    }
  });
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = entries.slice(i, i + BATCH);
    const inserted = await queryRows(
      db,
      sql`INSERT INTO suppressions (email, domain, reason, source)
          SELECT email, domain, reason, left(source, 200)
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                 AS x(email text, domain text, reason text, source text)
          ON CONFLICT DO NOTHING RETURNING 1`,
    );
    result.added += inserted.length;
    result.existing += batch.length - inserted.length;
  }
  return result;
}
