import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './transport.js';

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
