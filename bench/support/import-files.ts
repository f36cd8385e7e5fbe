import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { App } from '../../server/app.js';

/**
 * A realistic file of `rows` data rows: mixed-case addresses, names with accents, dates,
 * codes, 1% bad rows and 1% repeats. `ceilingFile` gets the same rows without the repeats
 * (they would break the unique index a plain COPY loads them into).
 */
export async function generateCsv(rows: number, file: string, ceilingFile: string) {
  const first = ['Ada', 'Jürgen', 'Zoë', 'Chloé', 'Björn', 'Noah', 'Mia', 'Luca'];
  const last = ['Lovelace', 'Müller', 'García', "O'Brien", 'Weiß', 'Rossi', 'Nguyen'];
  const regions = ['DE', 'CH', 'FR', 'IT', 'GB', 'US', 'DE-BY', ''];
  const header = 'email,first_name,last_name,gender,date_of_birth,language,region\n';
  const ceiling = createWriteStream(ceilingFile);
  async function* lines() {
    yield header;
    ceiling.write(header);
    let block = '';
    let unique = '';
    for (let i = 0; i < rows; i++) {
      const repeat = i % 100 === 42;
      const email =
        i % 100 === 7
          ? `broken-${i}`
          : repeat
            ? `User${i - 40}@Example.com`
            : `user${i}@example.com`;
      const dob = `19${50 + (i % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      const line = `${email},${first[i % first.length]},"${last[i % last.length]}",${i % 3 === 0 ? 'f' : 'm'},${dob},en,${regions[i % regions.length]}\n`;
      block += line;
      if (!repeat) unique += line;
      if (block.length > 64 * 1024) {
        yield block;
        if (!ceiling.write(unique))
          await new Promise<void>((r) => ceiling.once('drain', () => r()));
        block = '';
        unique = '';
      }
    }
    yield block;
    ceiling.write(unique);
  }
  await pipeline(lines, createWriteStream(file));
  await new Promise<void>((resolve, reject) =>
    ceiling.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** Streams the file as multipart/form-data over a real socket (never buffered whole). */
export async function upload(
  app: App,
  authorization: string,
  listId: number,
  file: string,
): Promise<number> {
  const { port } = app.server.address() as AddressInfo;
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const size = (await stat(file)).size;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/lists/${listId}/imports`,
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request
      .on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
  await pipeline(async function* () {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }, request);
  const { status, body } = await response;
  if (status !== 201) throw new Error(`upload answered ${status}: ${body}`);
  return (JSON.parse(body) as { id: number }).id;
}
