import { randomBytes, sign } from 'node:crypto';

/** The SNS topic and certificate URL the provider tests configure. */
export const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-events';
export const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem';

/** An SNS message around `message`, signed as SNS signs (version 1: SHA1withRSA). */
export function signedSnsMessage(
  key: string,
  type: string,
  message: string,
  extra: Record<string, string> = {},
) {
  const m: Record<string, string> = {
    Type: type,
    MessageId: `sns-${randomBytes(6).toString('hex')}`,
    TopicArn: TOPIC,
    Message: message,
    Timestamp: '2026-12-07T15:00:00.000Z',
    SignatureVersion: '1',
    SigningCertURL: CERT_URL,
    ...extra,
  };
  const fields =
    type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const signed = fields
    .filter((f) => m[f] !== undefined)
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
  m.Signature = sign('sha1', Buffer.from(signed), key).toString('base64');
  return m;
}
