import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `client`: the name the sender gave in EHLO (which replica sent it); `from`: MAIL FROM. */
export type SinkMessage = {
  to: string;
  raw: string;
  mail: ParsedMail;
  client: string;
  from: string;
};

/**
 * A real SMTP server on a free loopback port that keeps what it receives. `answer` decides,
 * per recipient and attempt, to accept (undefined) or refuse with an SMTP code (451, 550…).
 */
export async function startSmtpSink(
  answer: (to: string, attempt: number) => { code: number; message: string } | undefined = () =>
    undefined,
  /** Milliseconds each message takes to be accepted (a slow server), fixed or asked each time. */
  delayMs: number | (() => number) = 0,
  /** Refusals of the login or of the sender (MAIL FROM) while they return one. */
  refuse: {
    login?: () => { code: number; message: string } | undefined;
    sender?: () => { code: number; message: string } | undefined;
  } = {},
) {
  const messages: SinkMessage[] = [];
  const attempts = new Map<string, number>();
  /** SMTP connections opened so far (a pooled sender reuses a few). */
  const connections = { opened: 0 };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.opened++;
      callback();
    },
    onAuth(auth, _session, callback) {
      const refusal = refuse.login?.();
      if (!refusal) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onMailFrom(_address, _session, callback) {
      const refusal = refuse.sender?.();
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const n = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, n);
      const refusal = answer(to, n);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('error', callback);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then(async (mail) => {
          const wait = typeof delayMs === 'function' ? delayMs() : delayMs;
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          for (const r of session.envelope.rcptTo) {
            const client = session.hostNameAppearsAs;
            const { mailFrom } = session.envelope;
            const from = mailFrom ? mailFrom.address : '';
            messages.push({ to: r.address.toLowerCase(), raw, mail, client, from });
          }
          callback();
        }, callback);
      });
    },
  });
  // A sending process killed mid-message (the crash tests do it on purpose) resets its
  // connection: smtp-server reports that as an 'error' event, which must not crash the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    attempts,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
