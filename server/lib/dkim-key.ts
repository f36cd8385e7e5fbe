import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

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
