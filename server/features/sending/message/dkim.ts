import { createPublicKey } from 'node:crypto';

/** DKIM_DOMAIN, DKIM_SELECTOR and the private key (PEM), as the sending options hold them. */
export type DkimSettings = { domain: string; selector: string; privateKey: string };

/**
 * The headers the signature covers: the ones the issue and RFC 8058 name (one-click
 * unsubscribe counts only when List-Unsubscribe and List-Unsubscribe-Post are signed), and
 * those of the MIME structure, so nobody can swap the body's type on the way.
 */
const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** nodemailer's `dkim` transport option. */
export function dkimOption(d: DkimSettings) {
  return {
    domainName: d.domain,
    keySelector: d.selector,
    privateKey: d.privateKey,
    headerFieldNames: SIGNED_HEADERS,
  };
}

/** The TXT record receivers look up: `<selector>._domainkey.<domain>` with the public key. */
export function dkimRecord(d: DkimSettings) {
  const publicKey = createPublicKey(d.privateKey).export({ type: 'spki', format: 'der' });
  return {
    name: `${d.selector}._domainkey.${d.domain}`,
    value: `v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`,
  };
}
