import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { dovecotBinary, startDovecot, type Dovecot } from '../../../test/dovecot.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';
import { bounceMailbox, HANDLED_FOLDER, UNREADABLE_FOLDER } from './mailbox.js';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures',
);
const DSN_MESSAGE_ID = '<3f0c9d7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f@acme.example>';
const ARF_MESSAGE_ID = '<7a1e0c44-5b2d-4f6e-8a9b-0c1d2e3f4a5b@acme.example>';
const binary = dovecotBinary();

// A real IMAP server: Debian's dovecot-imapd, started privately by the test.
describe.skipIf(!binary)('the bounce mailbox (Dovecot; skipped without the dovecot binary)', () => {
  let t: TestContext;
  let dovecot: Dovecot;
  let imap: ImapFlow;
  beforeAll(async () => {
    [t, dovecot] = await Promise.all([createTestContext(), startDovecot(binary!)]);
    imap = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.user, pass: dovecot.password },
      logger: false,
    });
    await imap.connect();
  });
  afterAll(async () => {
    await imap?.logout();
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const count = async (folder: string) => {
    const status = await imap.status(folder, { messages: true });
    return status ? status.messages : undefined;
  };

  it('records DSNs and ARF reports, moves them, and sets aside what it cannot read', async () => {
    const list = await createList(t);
    for (const email of ['gone@example.test', 'soft@example.test'])
      await t.post(`/api/v1/lists/${list}/subscribers`, { email });
    await t.post('/api/v1/mailings', {
      list,
      name: 'Mailed',
      variants: [
        {
          subject: 'Hello',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    });
    await sendRound(t.app.sending);
    await t.db.execute(sql`UPDATE delivery_recipients SET message_id = ${DSN_MESSAGE_ID}
                            WHERE email = 'gone@example.test'`);
    await t.db.execute(sql`UPDATE delivery_recipients SET message_id = ${ARF_MESSAGE_ID}
                            WHERE email = 'soft@example.test'`);
    const dsn = await readFile(path.join(fixtures, 'postfix-dsn-hard.eml'), 'utf8');
    const arf = (await readFile(path.join(fixtures, 'arf-abuse-inline.eml'), 'utf8')).replaceAll(
      'gone@example.test',
      'soft@example.test',
    );
    await imap.append('INBOX', dsn);
    await imap.append('INBOX', arf);
    await imap.append(
      'INBOX',
      'From: someone@example.test\r\nSubject: Out of office\r\n\r\nBack Monday.\r\n',
    );

    const options = { url: dovecot.url(), pollMs: 60_000, leaseMs: 60_000 };
    const mailbox = bounceMailbox(t.app.sending, undefined, options, t.app.log);
    const other = bounceMailbox(t.app.sending, undefined, options, t.app.log);
    expect(await mailbox.runOnce()).toEqual({ handled: 2, unreadable: 1, recorded: 2 });
    // One replica at a time: the other waits for the lease.
    expect(await other.runOnce()).toBeNull();
    expect(await mailbox.runOnce()).toEqual({ handled: 0, unreadable: 0, recorded: 0 });

    expect(await count('INBOX')).toBe(0);
    expect(await count(HANDLED_FOLDER)).toBe(2);
    expect(await count(UNREADABLE_FOLDER)).toBe(1);
    const bounces = (await t.get('/api/v1/statistics/bounces')).json().results;
    expect(bounces).toMatchObject([{ email: 'gone@example.test', hard: true }]);
    const complaints = (await t.get('/api/v1/statistics/complaints')).json().results;
    expect(complaints).toMatchObject([{ email: 'soft@example.test', source: 'arf' }]);

    // The same reports delivered twice count once.
    await imap.append('INBOX', dsn);
    await imap.append('INBOX', arf);
    expect(await mailbox.runOnce()).toEqual({ handled: 2, unreadable: 0, recorded: 0 });
    await mailbox.stop();
    // Released: another replica takes over.
    expect(await other.runOnce()).toEqual({ handled: 0, unreadable: 0, recorded: 0 });
    await other.stop();
  });
});
