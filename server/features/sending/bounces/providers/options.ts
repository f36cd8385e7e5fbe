export type SesOptions = {
  /** SNS_TOPIC_ARNS: the topics whose messages are accepted. */
  topicArns: string[];
  /**
   * GETs a URL's text: the signing certificate, the subscription confirmation. Default:
   * fetch over HTTPS. Tests answer with their own certificate instead (no network).
   */
  fetchText?: (url: string) => Promise<string>;
};

/** The relays' webhooks this installation accepts (README "Configuration"); unset: refused. */
export type ProviderOptions = {
  ses?: SesOptions;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY: the base64 verification key SendGrid shows. */
  sendgrid?: { publicKey: string };
  /** MAILGUN_WEBHOOK_SIGNING_KEY; signatures older or newer than the window are refused. */
  mailgun?: { signingKey: string; replayWindowSeconds?: number };
  /** POSTMARK_WEBHOOK_USERNAME / POSTMARK_WEBHOOK_PASSWORD. */
  postmark?: { username: string; password: string };
};
