import { Worker } from 'node:worker_threads';

export type Throughput = { requests: number; perSecond: number; p50: number; p99: number };

/**
 * Requests `url` from `connections` keep-alive connections at once, each sending its next
 * request when the last one is answered, for `seconds` (autocannon's model; autocannon is
 * not among the project's packages). The client runs on a worker thread, so it competes
 * with the server for the machine's cores as an outside client would, but never for the
 * server's own thread. Any answer but 200 fails the run.
 */
export async function throughput(
  url: string,
  headers: Record<string, string>,
  { connections = 20, seconds = 10 } = {},
): Promise<Throughput> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { url, headers, connections, seconds },
  });
  try {
    return await new Promise<Throughput>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** Plain JavaScript: a worker started with `eval` gets no TypeScript loader. */
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = () =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
(async () => {
  // A first round opens the connections (and warms the server's caches): not counted.
  await Promise.all(Array.from({ length: connections }, get));
  const times = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const status = await get();
      if (status !== 200) throw new Error(url + ' answered ' + status);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  agent.destroy();
  parentPort.postMessage({
    requests: times.length,
    perSecond: times.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  });
})().catch((error) => { throw error; });
`;
