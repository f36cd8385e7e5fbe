import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

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

/**
 * DKIM_PRIVATE_KEY: PEM text (its line breaks may be written `\n`, as in one-line .env
 * values) or the path of a PEM file. nodemailer signs rsa-sha256 only, so the key must be
 * RSA. Throws a message fit for the start-up error.
 */
export function readDkimKey(value: string): string {
  const text = value.includes('-----BEGIN')
    ? value.replace(/\\n/g, '\n')
    : (() => {
        try {
          return readFileSync(value, 'utf8');
        } catch (error) {
          throw new Error(
            `DKIM_PRIVATE_KEY: neither PEM text nor a readable file (${(error as Error).message})`,
          );
        }
      })();
  let key;
  try {
    key = createPrivateKey(text);
  } catch {
    throw new Error('DKIM_PRIVATE_KEY: not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(`DKIM_PRIVATE_KEY: an RSA key is needed (this is ${key.asymmetricKeyType})`);
  }
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

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
