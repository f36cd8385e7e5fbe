import { Worker } from 'node:worker_threads';

/*
 * A flood and a reader beside it, each on a worker thread of its own: they compete with the
 * server for the machine's cores as outside clients would, never for the server's own event
 * loop. Plain JavaScript in the workers (started with `eval`, no TypeScript loader there).
 */

export type FloodResult = {
  completed: number;
  sent: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
};

export type FloodOptions = {
  url: string;
  /** Requests per second asked of autocannon (`overallRate`), over `connections`. */
  rate: number;
  connections: number;
  seconds: number;
  /**
   * The body of the n-th post, as JavaScript source of a function `(n) => string`, and its
   * X-Forwarded-For likewise (the worker cannot receive functions).
   */
  body: string;
  forwardedFor: string;
};

const run = <T>(source: string, workerData: unknown) => {
  const worker = new Worker(source, { eval: true, workerData });
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (result: T) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
};

/** Urlencoded posts at `rate` for `seconds` (autocannon). */
export const flood = (options: FloodOptions) =>
  run<FloodResult>(
    `
const autocannon = require('autocannon');
const { parentPort, workerData } = require('node:worker_threads');
const body = eval(workerData.body);
const forwardedFor = eval(workerData.forwardedFor);
let n = 0;
autocannon({
  url: workerData.url,
  connections: workerData.connections,
  overallRate: workerData.rate,
  duration: workerData.seconds,
  requests: [{
    method: 'POST',
    setupRequest: (request) => {
      n++;
      return { ...request, body: body(n), headers: {
        'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor(n) } };
    },
  }],
}).then((result) => {
  // On a worker thread autocannon answers with encoded histograms.
  const latency = require('hdr-histogram-js').decodeFromCompressedBase64(result.latencies);
  const statuses = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats || {})) statuses[code] = stat.count;
  parentPort.postMessage({
    completed: result.totalCompletedRequests, sent: result.totalRequests, seconds: result.duration,
    p50: latency.getValueAtPercentile(50), p99: latency.getValueAtPercentile(99),
    errors: result.errors, timeouts: result.timeouts, statuses,
  });
});
`,
    options,
  );

/** GET `url` one request after another for `seconds`: each answer's time in ms, sorted. */
export const timeRequests = (url: string, headers: Record<string, string>, seconds: number) =>
  run<number[]>(
    `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve, reject) => {
  const t0 = performance.now();
  http.get(workerData.url, { agent, headers: workerData.headers }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0)
      : reject(new Error('status ' + res.statusCode))));
  }).on('error', reject);
});
(async () => {
  const times = [];
  const end = Date.now() + workerData.seconds * 1000;
  while (Date.now() < end) times.push(await get());
  agent.destroy();
  parentPort.postMessage(times.sort((a, b) => a - b));
})();
`,
    { url, headers, seconds },
  );

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
