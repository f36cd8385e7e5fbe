import { isFeedbackReport, parseArf, type ComplaintReport } from './arf.js';
import { parseDsn, type BounceReport } from './dsn.js';
import type { InboundEvent } from './ingest.js';

/** A DSN's failed recipients as bounce events. */
export const dsnEvents = (
  dsn: { reports: BounceReport[]; envelopeTo: string[] },
  source: string,
): InboundEvent[] =>
  dsn.reports.map((r) => ({ kind: 'bounce', source, ...r, envelopeTo: dsn.envelopeTo }));

/** An ARF report as a complaint event (its source `arf`, whichever way it came). */
export const complaintEvent = (report: ComplaintReport): InboundEvent => ({
  kind: 'complaint',
  source: 'arf',
  feedbackType: report.feedbackType,
  envelopeTo: report.returnPaths,
  ...(report.email ? { email: report.email } : {}),
  ...(report.messageId ? { messageId: report.messageId } : {}),
});

/**
 * The events of a whole message (as the bounce mailbox reads it): an ARF complaint or a
 * DSN's bounces. Throws, saying why, on a message that is neither.
 */
export async function messageEvents(raw: string, source: string): Promise<InboundEvent[]> {
  if (isFeedbackReport('message/rfc822', raw))
    return [complaintEvent(await parseArf('message/rfc822', raw))];
  return dsnEvents(await parseDsn('message/rfc822', raw), source);
}
