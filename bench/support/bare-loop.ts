import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';

/*
 * The sending ceiling of a bench: one pre-rendered message pushed to a relay as fast as
 * nodemailer allows, `concurrency` pooled connections, in a process of its own so that it
 * takes no event loop from the server it is compared with. What any sender of this machine
 * could reach through that relay.
 */

export type BareLoop = {
  url: string;
  html: string;
  text: string;
  /** Messages in all, shared between the loops. */
  count: number;
  concurrency: number;
};

const CHILD = 'MAILBOARD_BARE_LOOP_CHILD';

/** `loops` bare loops side by side, `count` messages in all: their combined messages/s. */
export async function bareLoops(loops: number, job: BareLoop): Promise<number> {
  const each = Math.floor(job.count / loops);
  const rates = await Promise.all(
    Array.from({ length: loops }, () => oneLoop({ ...job, count: each })),
  );
  // Each ran `each` messages at its own rate; together they took as long as the slowest.
  return (each * loops) / Math.max(...rates.map((rate) => each / rate));
}

function oneLoop(job: BareLoop): Promise<number> {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [CHILD]: '1' },
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (answer) => resolve((answer as { rate: number }).rate));
    proc.once('exit', (code) => reject(new Error(`bare loop exited (${code})`)));
    proc.send(job);
  });
}

async function childLoop() {
  const job = await new Promise<BareLoop>((resolve) =>
    process.once('message', (m) => resolve(m as BareLoop)),
  );
  const transport = nodemailer.createTransport({
    url: job.url,
    pool: true,
    maxConnections: job.concurrency,
    maxMessages: Infinity,
  } as never);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.count) {
        const i = next++;
        await transport.sendMail({
          from: '"Acme" <news@acme.example>',
          to: `user${i}@example.com`,
          subject: 'Spring news',
          html: job.html,
          text: job.text,
          messageId: `<bare-${i}@acme.example>`,
        });
      }
    }),
  );
  transport.close();
  // Disconnecting before the answer is written would lose it.
  process.send!({ rate: job.count / ((performance.now() - started) / 1000) }, () =>
    process.disconnect(),
  );
}

if (process.env[CHILD] === '1') await childLoop();
