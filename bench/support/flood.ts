import { spawn } from 'node:child_process';

/*
 * A flood and a reader beside it, each in a process of its own: they compete with the
 * server for the machine's cores as outside clients would, never for the server's event
 * loop or its process's heap and collector, and the reader times each request from a
 * process the flood does not share. The flood runs niced: the machine's cores are shared
 * with the server here, where a real flood's would not be, so it takes what the server and
 * the reader leave (the ceiling is measured alike). Plain JavaScript in the processes (`node
 * -e`, no TypeScript loader there): `input` holds the data, `done(result)` answers.
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

const PREAMBLE = `
const input = JSON.parse(process.env.BENCH_INPUT);
const done = (result) => process.stdout.write(JSON.stringify(result), () => process.exit(0));
`;

const run = <T>(source: string, input: unknown, niceness = 0) =>
  new Promise<T>((resolve, reject) => {
    const child = spawn(
      'nice',
      ['-n', String(niceness), process.execPath, '-e', PREAMBLE + source],
      {
        env: { ...process.env, BENCH_INPUT: JSON.stringify(input) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as T)
        : reject(new Error(`bench process exited ${code}`)),
    );
  });

/**
 * The flood's niceness: below the server and the reader, as a client elsewhere would be
 * (FLOOD_NICENESS=0: the three at one priority, the generator taking a core's share).
 */
export const FLOOD_NICENESS = Number(process.env.FLOOD_NICENESS ?? 10);

/** Urlencoded posts at `rate` for `seconds` (autocannon). */
export const flood = (options: FloodOptions) =>
  run<FloodResult>(
    `
const autocannon = require('autocannon');
const workerData = input;
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
  const latency = result.latency;
  const statuses = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats || {})) statuses[code] = stat.count;
  done({
    completed: result.requests.total, sent: result.requests.sent, seconds: result.duration,
    p50: latency.p50, p99: latency.p99,
    errors: result.errors, timeouts: result.timeouts, statuses,
  });
});
`,
    options,
    FLOOD_NICENESS,
  );

/**
 * GET `url` one request after another for `seconds`: each answer's time in ms, sorted, and
 * how late the reader's own timers ran meanwhile (its p95 lateness, ms): what of a time may be
 * the reader waiting for a core rather than the server answering late.
 */
export const timeRequests = (url: string, headers: Record<string, string>, seconds: number) =>
  run<{ times: number[]; lag: number }>(
    `
const http = require('node:http');
const workerData = input;
const lags = [];
let tick = performance.now();
const lagTimer = setInterval(() => {
  const now = performance.now();
  lags.push(now - tick - 10);
  tick = now;
}, 10);
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
  clearInterval(lagTimer);
  lags.sort((a, b) => a - b);
  done({ times: times.sort((a, b) => a - b), lag: lags[Math.floor(lags.length * 0.95)] || 0 });
})();
`,
    { url, headers, seconds },
  );

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
