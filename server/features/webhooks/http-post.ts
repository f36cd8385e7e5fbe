import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE=1 (SSRF, issue 32). */
const privateAddresses = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateAddresses.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateAddresses.addSubnet(prefix, bits, 'ipv6');

export const isPrivateAddress = (address: string) =>
  privateAddresses.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the host itself and refuses it when ANY of its
 * addresses is private or loopback; the connection then uses an address that was checked,
 * so a second resolution (DNS rebinding) cannot slip another one in.
 */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) {
        const denial: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${refused.address}, a private or loopback address (set WEBHOOK_ALLOW_PRIVATE=1 to allow).`,
        );
        denial.code = 'EPRIVATE';
        return callback(denial, '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export type PostOutcome = {
  statusCode: number | null;
  /** The first 1 KB of the answer. */
  response: string;
  error: string;
  durationMs: number;
};

const RESPONSE_KEPT = 1024;

/**
 * POSTs `body` once: no redirect is followed (a 3xx is a failure like any non-2xx), the
 * whole exchange is abandoned after `timeoutMs`, and only the first 1 KB of the answer is read.
 */
export function postJson(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is not looked up: it is checked here.
  if (!options.allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({
      statusCode: null,
      response: '',
      error: `${literal} is a private or loopback address (set WEBHOOK_ALLOW_PRIVATE=1 to allow).`,
      durationMs: 0,
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Mailboard-Webhooks/1',
      },
      agent: false,
      lookup: guardedLookup(options.allowPrivate),
    });
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const timer = setTimeout(
      () =>
        finish({
          statusCode: null,
          response: '',
          error: `No answer within ${options.timeoutMs} ms.`,
        }),
      options.timeoutMs,
    );
    request.on('error', (error) =>
      finish({ statusCode: null, response: '', error: error.message }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () =>
        finish({
          statusCode: response.statusCode ?? null,
          response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT),
          error: '',
        });
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_KEPT) chunks.push(chunk.subarray(0, RESPONSE_KEPT - kept));
        kept += chunk.length;
        if (kept >= RESPONSE_KEPT) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
