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
  // Every child loads first; then all are given their job at once, so that they overlap.
  const children = await Promise.all(Array.from({ length: loops }, readyChild));
  const rates = await Promise.all(children.map((child) => child({ ...job, count: each })));
  // Each ran `each` messages at its own rate; together they took as long as the slowest.
  return (each * loops) / Math.max(...rates.map((rate) => each / rate));
}

/**
 * A loop's process, once it listens for its job (a message sent before the child's modules
 * have loaded would be lost): a function that gives it the job and resolves to its rate.
 */
function readyChild(): Promise<(job: BareLoop) => Promise<number>> {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [CHILD]: '1' },
    execArgv: ['--import', 'tsx'],
  });
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`bare loop exited (${code})`))),
  );
  exited.catch(() => undefined); // raced below; unobserved once the loop has answered
  const next = () =>
    Promise.race([new Promise((resolve) => proc.once('message', resolve)), exited]);
  return next().then(() => async (job) => {
    const answer = next();
    proc.send(job);
    return ((await answer) as { rate: number }).rate;
  });
}

async function childLoop() {
  const job = await new Promise<BareLoop>((resolve) => {
    process.once('message', (m) => resolve(m as BareLoop));
    process.send!('ready');
  });
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
