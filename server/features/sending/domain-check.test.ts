import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { dkimRecord } from './message/dkim.js';

const { Packet } = dns2;
const dkim = {
  domain: 'good.example',
  selector: 'mb',
  privateKey: generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
};
const key = dkimRecord(dkim);
/** TXT strings are at most 255 octets: a DKIM key is published in pieces. */
const pieces = (value: string) => value.match(/.{1,255}/g)!;

/** The zone a local DNS server answers (anything else: no such name). */
const zone: Record<string, string[][]> = {
  'good.example': [['v=spf1 ip4:192.0.2.1 ~all'], ['google-site-verification=x']],
  [key.name]: [pieces(key.value)],
  '_dmarc.good.example': [['v=DMARC1; p=quarantine; rua=mailto:d@good.example']],
  'half.example': [['v=spf1 -all'], ['v=spf1 include:other.example ~all']],
  '_dmarc.half.example': [['v=DMARC1; p=none']],
};
const server = dns2.createUDPServer((request, send) => {
  const response = Packet.createResponseFromRequest(request);
  const question = request.questions[0]!;
  const records = zone[question.name.toLowerCase()];
  if (!records) response.header.rcode = 3; // NXDOMAIN
  type Answer = (typeof response.answers)[number];
  for (const data of records ?? [])
    response.answers.push({
      ...{ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60 },
      data,
    } as unknown as Answer);
  void send(response);
});

let t: TestContext;
beforeAll(async () => {
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  t = await createTestContext({
    sending: { dkim, dnsServers: [`127.0.0.1:${port}`], publicUrl: 'https://mail.example.test' },
  });
});
afterAll(async () => {
  await t.close();
  server.close();
});

describe('the domain check', () => {
  it('shows per sender domain what DNS answers, and whether DMARC can pass', async () => {
    for (const from of ['news@good.example', 'hello@half.example', 'x@none.example'])
      await createList(t, { default_from_email: from });
    const res = await t.get('/api/v1/settings/sending/domains');
    expect(res.statusCode, res.body).toBe(200);
    const byDomain = Object.fromEntries(
      res.json<{ domains: { domain: string }[] }>().domains.map((d) => [d.domain, d]),
    );
    expect(byDomain['good.example']).toEqual({
      domain: 'good.example',
      aligned: true,
      reason: 'Aligned: DMARC passes through DKIM and SPF.',
      spf: {
        name: 'good.example',
        expected: 'v=spf1 … ~all (your relay’s addresses or its include:)',
        found: ['v=spf1 ip4:192.0.2.1 ~all'],
        ok: true,
        reason: 'Published at good.example, which is aligned with good.example.',
      },
      dkim: {
        name: 'mb._domainkey.good.example',
        expected: key.value,
        found: [key.value],
        ok: true,
        reason: 'The key matches, and d=good.example is aligned with good.example.',
      },
      dmarc: expect.objectContaining({ ok: true, reason: 'Policy p=quarantine.' }),
    });
    expect(byDomain['half.example']).toMatchObject({
      aligned: false,
      reason: expect.stringMatching(
        /^Not aligned: neither DKIM nor SPF passes for half\.example\./,
      ),
      spf: { ok: false, reason: expect.stringMatching(/^2 SPF records at half\.example/) },
      dkim: {
        ok: false,
        reason: 'The key matches, but d=good.example is not aligned with half.example.',
      },
      dmarc: { ok: true },
    });
    expect(byDomain['none.example']).toMatchObject({
      aligned: false,
      reason:
        'Not aligned: No DMARC record at _dmarc.none.example: Gmail and Yahoo require one of bulk senders.',
      spf: { found: [], reason: 'No SPF record at none.example.' },
    });
  });
});
