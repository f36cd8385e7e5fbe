import { ADDRESS, envelopeAddresses, fields, simpleParser } from './dsn.js';

/** A spam complaint as an ARF report (RFC 5965) tells it. */
export type ComplaintReport = {
  /** Feedback-Type: `abuse`, `fraud`, `virus`, `other`… (lower case). */
  feedbackType: string;
  /** The recipient as the report names it (Original-Rcpt-To, Removal-Recipient or the original's To), if at all. */
  email?: string;
  /** The original's Message-ID. */
  messageId?: string;
  /**
   * Addresses that may be the original's VERP return path: the report's own envelope (a
   * feedback loop mails it to the return path), Original-Mail-From, the original's Return-Path.
   */
  returnPaths: string[];
};

const FEEDBACK_REPORT = /^\s*multipart\/report\b[^]*?report-type\s*=\s*"?feedback-report\b/i;

/** The header block of a raw message, folded lines joined. */
const headerBlock = (source: string) =>
  (source.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');

/** The Content-Type a header block declares. */
const contentTypeOf = (headers: string) =>
  /^content-type:[ \t]*(.*)$/im.exec(headerBlock(`${headers}\n\n`))?.[1] ?? '';

/** Whether a webhook body (its Content-Type, or a whole message's own) is an ARF report. */
export function isFeedbackReport(contentType: string, body: string): boolean {
  if (FEEDBACK_REPORT.test(contentType)) return true;
  return /^message\/rfc822\b/i.test(contentType) && FEEDBACK_REPORT.test(contentTypeOf(body));
}

type Part = { contentType: string; content: string };

function decode(encoding: string, content: string): string {
  const e = encoding.trim().toLowerCase();
  if (e === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable')
    return Buffer.from(
      content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return content;
}

/**
 * The top-level parts of a multipart body, read by hand: mailparser merges an inline
 * `message/rfc822` part into the report's text and drops its headers (its Message-ID
 * among them), which are what identifies the original here.
 */
function topLevelParts(body: string, boundary: string): Part[] {
  const parts: Part[] = [];
  let current: string[] | undefined;
  const close = () => {
    if (!current) return;
    const text = current.join('\n');
    const split = text.startsWith('\n') ? 0 : text.indexOf('\n\n');
    const headers = split < 0 ? text : text.slice(0, split);
    const content = split < 0 ? '' : text.slice(split).replace(/^\n\n?/, '');
    const encoding = /^content-transfer-encoding:[ \t]*(\S+)/im.exec(headers)?.[1] ?? '7bit';
    parts.push({
      contentType: contentTypeOf(headers).split(';')[0]!.trim().toLowerCase() || 'text/plain',
      content: decode(encoding, content),
    });
  };
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) {
      close();
      break;
    }
    if (trimmed === `--${boundary}`) {
      close();
      current = [];
    } else current?.push(line);
  }
  return parts;
}

const firstAddress = (value: string | undefined) =>
  value?.match(ADDRESS)?.[0]?.replace(/^<|>$/g, '');

/**
 * An ARF report (RFC 5965): a `multipart/report; report-type=feedback-report` whose
 * `message/feedback-report` part names the complaint, followed by the original as
 * `message/rfc822` (inline or attached) or `text/rfc822-headers`. `contentType` and `body`
 * as the webhook received them (or `message/rfc822` and a whole message, as from the
 * bounce mailbox). Throws on anything that is not one.
 */
export async function parseArf(contentType: string, body: string): Promise<ComplaintReport> {
  const whole = /^message\/rfc822\b/i.test(contentType);
  const source = whole ? body : `Content-Type: ${contentType}\r\nMIME-Version: 1.0\r\n\r\n${body}`;
  const head = await simpleParser(`${source.split(/\r?\n\r?\n/, 1)[0]}\r\n\r\n`, {
    skipTextToHtml: true,
  });
  const type = head.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const boundary = type?.params?.boundary;
  if (!boundary) throw new Error('The report is not a multipart message.');
  const rest = source.slice(source.search(/\r?\n\r?\n/));
  const parts = topLevelParts(rest, boundary);
  const report = parts.find((p) => p.contentType === 'message/feedback-report');
  if (!report) throw new Error('The report has no message/feedback-report part.');
  const f = await fields(report.content);
  const feedbackType = (f.get('feedback-type') ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(feedbackType))
    throw new Error('The report names no Feedback-Type.');
  const returnPaths = [...envelopeAddresses(head.headerLines)];
  const mailFrom = firstAddress(f.get('original-mail-from'));
  if (mailFrom) returnPaths.push(mailFrom);
  let email = firstAddress(f.get('original-rcpt-to')) ?? firstAddress(f.get('removal-recipient'));
  let messageId: string | undefined;
  const original = parts.find((p) =>
    ['message/rfc822', 'text/rfc822-headers'].includes(p.contentType),
  );
  if (original) {
    const headers = await simpleParser(`${headerBlock(original.content)}\r\n\r\n`, {
      skipTextToHtml: true,
    });
    messageId = headers.messageId;
    const returnPath = firstAddress(String(headers.headers.get('return-path') ?? ''));
    if (returnPath) returnPaths.push(returnPath);
    const to = headers.to && !Array.isArray(headers.to) ? headers.to.value : [];
    if (!email && to.length === 1 && to[0]?.address) email = to[0].address;
  }
  return {
    feedbackType,
    returnPaths,
    ...(email ? { email } : {}),
    ...(messageId ? { messageId } : {}),
  };
}
