import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { usersRepository } from '../server/features/identity/index.js';

export const name = 'API latency: GET /api/v1/lists (in-process, PGlite in memory)';

export async function run() {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const app = await buildApp({ database });
  const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
  for (let i = 0; i < 50; i++) {
    await app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { authorization },
      payload: {
        name: `List ${i}`,
        default_from_name: 'Bench',
        default_from_email: 'b@example.com',
      },
    });
  }
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await app.inject({
      method: 'GET',
      url: '/api/v1/lists?page_size=50',
      headers: { authorization },
    });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(2);
  console.log(`   500 requests: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);
  await app.close();
  await database.close();
}
