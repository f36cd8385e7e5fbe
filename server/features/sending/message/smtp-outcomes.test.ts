import { describe, expect, it, vi } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { classifySmtpError, smtpTransport } from './transport.js';

/** nodemailer's errors as it raises them (`command`, `responseCode`, `response`, `code`). */
const error = (command: string, responseCode: number | undefined, response: string, code = '') => ({
  command,
  responseCode,
  response,
  code,
  message: response,
});

describe('SMTP outcomes by stage', () => {
  it.each([
    [error('RCPT TO', 550, '550 5.1.1 No such user'), 'permanent'],
    [error('DATA', 550, '550 5.1.1 <a@example.test>: mailbox unavailable'), 'permanent'],
    [error('DATA', 554, '554 5.7.1 Message rejected as spam'), 'fault'],
    [error('AUTH PLAIN', 535, '535 5.7.8 Authentication failed', 'EAUTH'), 'fault'],
    [error('MAIL FROM', 554, '554 5.7.1 Sender address not verified'), 'fault'],
    [error('CONN', 554, '554 No SMTP service here', 'EPROTOCOL'), 'fault'],
    [error('CONN', undefined, 'self-signed certificate', 'ESOCKET'), 'fault'],
    [error('RCPT TO', 451, '451 4.7.1 Try again later'), 'temporary'],
    [error('AUTH PLAIN', 454, '454 4.7.0 Temporary authentication failure', 'EAUTH'), 'temporary'],
    [error('CONN', undefined, 'connect ECONNREFUSED 127.0.0.1:25', 'ESOCKET'), 'temporary'],
  ])('%o → %s', (e, kind) => {
    expect(classifySmtpError(e, 'a@example.test').kind).toBe(kind);
  });
});

describe('a message held at its end (acceptAfter)', () => {
  const message = (to: string) => ({
    from: { name: 'Acme', address: 'news@acme.example' },
    to,
    subject: 'Held',
    html: '<p>Held</p>',
    text: 'Held',
    messageId: `<${to}.held@acme.example>`,
  });
  const refs = (acceptAfter: Promise<unknown>) => ({ deliveryId: 1, mailingId: 1, acceptAfter });

  it('is accepted by the relay only once the gate opens; a failed gate leaves nothing accepted', async () => {
    const sink = await startSmtpSink();
    const transport = smtpTransport([sink.url], 0, 1);
    try {
      let open!: () => void;
      const sent = transport.send(
        message('a@example.test'),
        refs(new Promise<void>((r) => (open = r))),
      );
      // The relay has the envelope (RCPT TO answered) and most of the data, but no end.
      await vi.waitFor(() => expect(sink.attempts.get('a@example.test')).toBe(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(sink.messages).toHaveLength(0);
      open();
      expect((await sent).kind).toBe('sent');
      expect(sink.messages.map((m) => m.to)).toEqual(['a@example.test']);

      const failed = Promise.reject(new Error('the database is away'));
      failed.catch(() => undefined); // as the sender does: it awaits the gate itself later
      const refused = await transport.send(message('b@example.test'), refs(failed));
      expect(refused.kind).toBe('temporary');
      // The next message goes out on a fresh connection; the held one was never accepted.
      expect((await transport.send(message('c@example.test'), refs(Promise.resolve()))).kind).toBe(
        'sent',
      );
      expect(sink.messages.map((m) => m.to)).toEqual(['a@example.test', 'c@example.test']);
    } finally {
      transport.close();
      await sink.close();
    }
  });
});
