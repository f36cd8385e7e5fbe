import { Worker } from 'node:worker_threads';

export type ReadStats = { count: number; p95: number; worst: number; worstAt: number };

/**
 * Requests `url` every `pauseMs` from a worker thread, over a real socket, until `stop()`.
 * Measured from another thread because PGlite runs its queries on the server's own thread:
 * while one runs, an in-process client (app.inject) cannot even issue its request, so it
 * would never see that wait, which a browser does.
 */
export function remoteReader(url: string, headers: Record<string, string>, pauseMs: number) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, headers, pauseMs } });
  const messages: unknown[] = [];
  let waiting: ((message: unknown) => void) | undefined;
  let failure: unknown;
  worker.on('message', (message) => (waiting ? waiting(message) : messages.push(message)));
  worker.once('error', (error) => (failure = error));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      if (failure) return reject(failure);
      if (messages.length > 0) return resolve(messages.shift());
      waiting = (message) => {
        waiting = undefined;
        resolve(message);
      };
      worker.once('error', reject);
    });
  return {
    /** Resolves after the first answer: the thread is up and its connection open. */
    ready: next(),
    /** Stops after the request under way; `since` is when the measured span began
     * (performance.timeOrigin + performance.now()): earlier requests are not counted. */
    async stop(since: number): Promise<ReadStats> {
      worker.postMessage({ since });
      const stats = (await next()) as ReadStats;
      await worker.terminate();
      return stats;
    },
  };
}

export const describeReads = (stats: ReadStats) =>
  `${stats.count} during the import: p95 ${stats.p95.toFixed(0)} ms, worst ${stats.worst.toFixed(0)} ms at ${(stats.worstAt / 1000).toFixed(1)} s`;

/** Plain JavaScript: a worker started with `eval` gets no TypeScript loader. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, pauseMs } = workerData;
const now = () => performance.timeOrigin + performance.now();
let stop;
parentPort.once('message', (message) => (stop = message));
(async () => {
  const samples = [];
  while (!stop) {
    const t0 = now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(url + ' answered ' + response.status);
    if (samples.push([t0, now() - t0]) === 1) parentPort.postMessage('ready');
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  const during = samples.filter(([at]) => at >= stop.since);
  const sorted = during.map(([, ms]) => ms).sort((a, b) => a - b);
  const worst = during.reduce((w, s) => (s[1] > w[1] ? s : w), [stop.since, 0]);
  parentPort.postMessage({
    count: during.length,
    p95: sorted[Math.floor((sorted.length - 1) * 0.95)] ?? 0,
    worst: worst[1],
    worstAt: worst[0] - stop.since,
  });
})();
`;
