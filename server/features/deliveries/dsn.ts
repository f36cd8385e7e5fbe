import { simpleParser } from 'mailparser';

export type BounceReport = {
  email: string;
  hard: boolean;
  messageId?: string;
  reason: string;
};

const PER_RECIPIENT_BLOCKS = /\r?\n\s*\r?\n/;

/** Header-style fields of a DSN block, unfolded by mailparser. */
async function fields(block: string): Promise<Map<string, string>> {
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

/**
 * The failed and delayed recipients of an RFC 3464 delivery status notification: `body`
 * is the `message/delivery-status` part itself, a `multipart/report` body (its boundary in
 * `contentType`) or a whole bounce message (`message/rfc822`). Permanent (`Action: failed`
 * with a 5.x.x status) is a hard bounce; delayed or 4.x.x a soft one. Throws on anything
 * that is not a DSN.
 */
export async function parseDsn(contentType: string, body: string): Promise<BounceReport[]> {
  let status: string;
  let messageId: string | undefined;
  if (/^message\/delivery-status\b/i.test(contentType)) status = body;
  else {
    const source = /^message\/rfc822\b/i.test(contentType)
      ? body
      : `Content-Type: ${contentType}\r\nMIME-Version: 1.0\r\n\r\n${body}`;
    const mail = await simpleParser(source, { keepDeliveryStatus: true, skipTextToHtml: true });
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
  for (const block of recipientBlocks) {
    const f = await fields(block);
    const email = address(f.get('final-recipient') ?? f.get('original-recipient'));
    const action = (f.get('action') ?? '').toLowerCase();
    const code = f.get('status') ?? '';
    if (!email.includes('@') || !/^[245]\.\d{1,3}\.\d{1,3}/.test(code)) continue;
    if (action !== 'failed' && action !== 'delayed') continue;
    reports.push({
      email,
      hard: action === 'failed' && code.startsWith('5'),
      ...(messageId ? { messageId } : {}),
      reason: (f.get('diagnostic-code') ?? `${action} ${code}`).slice(0, 1000),
    });
  }
  if (reports.length === 0) throw new Error('The report names no failed or delayed recipient.');
  return reports;
}
