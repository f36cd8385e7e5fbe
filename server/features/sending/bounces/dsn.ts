import type { ParsedMail, SimpleParserOptions, Source } from 'mailparser';

/** mailparser adds ~18 MB to the server's memory: loaded with the first bounce report. */
let mailparser: Promise<typeof import('mailparser')> | undefined;
export async function simpleParser(
  source: Source,
  options: SimpleParserOptions,
): Promise<ParsedMail> {
  const { simpleParser: parse } = await (mailparser ??= import('mailparser'));
  return parse(source, options);
}

export type BounceReport = {
  email: string;
  hard: boolean;
  messageId?: string;
  reason: string;
};

const PER_RECIPIENT_BLOCKS = /\r?\n\s*\r?\n/;

/** Header-style fields of a DSN or ARF block (lower-case names), unfolded by mailparser. */
export async function fields(block: string): Promise<Map<string, string>> {
  const parsed = await simpleParser(`${block.trim()}\r\n\r\n`, { skipTextToHtml: true });
  const out = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    out.set(
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

/** `rfc822; user@example.com` → `user@example.com`. */
const address = (v: string | undefined) => (v?.split(';').pop() ?? '').trim().replace(/^<|>$/g, '');

/** Headers naming where a bounce message was delivered (the VERP address, if any). */
const ENVELOPE_HEADERS = new Set(['to', 'delivered-to', 'x-original-to', 'envelope-to']);
export const ADDRESS = /[^\s<>,;:"]+@[^\s<>,;:"]+/g;

/** The addresses a report message was delivered to (To, Delivered-To…). */
export function envelopeAddresses(headerLines: readonly { key: string; line: string }[]): string[] {
  const out: string[] = [];
  for (const { key, line } of headerLines) {
    if (ENVELOPE_HEADERS.has(key))
      out.push(...(line.split(':').slice(1).join(':').match(ADDRESS) ?? []));
  }
  return out;
}

/**
 * The failed recipients of an RFC 3464 delivery status notification: `body` is the
 * `message/delivery-status` part itself, a `multipart/report` body (its boundary in
 * `contentType`) or a whole bounce message (`message/rfc822`). Permanent (`Action: failed`
 * with a 5.x.x status) is a hard bounce, `failed` with 4.x.x a soft one; `delayed` (the
 * relay still tries), `delivered`, `relayed` and `expanded` are no bounce at all.
 * `envelopeTo`: the addresses a whole bounce message was delivered to (To, Delivered-To…),
 * where a VERP return path shows. Throws on anything that is not a DSN.
 */
export async function parseDsn(
  contentType: string,
  body: string,
): Promise<{ reports: BounceReport[]; envelopeTo: string[] }> {
  let status: string;
  let messageId: string | undefined;
  let envelopeTo: string[] = [];
  if (/^message\/delivery-status\b/i.test(contentType)) status = body;
  else {
    const source = /^message\/rfc822\b/i.test(contentType)
      ? body
      : `Content-Type: ${contentType}\r\nMIME-Version: 1.0\r\n\r\n${body}`;
    const mail = await simpleParser(source, { keepDeliveryStatus: true, skipTextToHtml: true });
    envelopeTo = envelopeAddresses(mail.headerLines);
    const part = mail.attachments.find((a) => /delivery-status/i.test(a.contentType));
    if (!part) throw new Error('The report has no message/delivery-status part.');
    status = part.content.toString('utf8');
    const original = mail.attachments.find((a) =>
      /^(message\/rfc822|text\/rfc822-headers)$/i.test(a.contentType),
    );
    if (original) {
      messageId = (await simpleParser(original.content, { skipTextToHtml: true })).messageId;
    }
  }
  const [, ...recipientBlocks] = status.trim().split(PER_RECIPIENT_BLOCKS);
  const reports: BounceReport[] = [];
  let named = 0;
  for (const block of recipientBlocks) {
    const f = await fields(block);
    const email = address(f.get('final-recipient') ?? f.get('original-recipient'));
    const action = (f.get('action') ?? '').toLowerCase();
    const code = f.get('status') ?? '';
    if (!email.includes('@') || !/^[245]\.\d{1,3}\.\d{1,3}/.test(code)) continue;
    named++;
    if (action !== 'failed') continue;
    reports.push({
      email,
      hard: code.startsWith('5'),
      ...(messageId ? { messageId } : {}),
      reason: (f.get('diagnostic-code') ?? `${action} ${code}`).slice(0, 1000),
    });
  }
  if (named === 0) throw new Error('The report names no recipient with an action and a status.');
  return { reports, envelopeTo };
}
