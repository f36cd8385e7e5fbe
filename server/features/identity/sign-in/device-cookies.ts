import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../../db/client.js';
import { sharedSecret } from '../../../lib/service-secrets.js';
import { cookieOptions } from '../../../plugins/browser-requests.js';

/**
 * OWASP's device cookies (docs/decisions/api-choices.md): a successful sign-in leaves a long-lived
 * cookie proving that this browser signed in as this username before. A sign-in presenting
 * one for its username skips the username's and address's back-off (only the device's own
 * failures count), so an attacker who slows a username down never keeps its owner out of a
 * browser it already used.
 *
 * The value is `<issued>.<nonce>.<mac>`: an HMAC over the username, issue time and a random
 * nonce, keyed with a secret every replica shares (`service_secrets`). The username is not
 * in the cookie; the MAC only holds for the username the sign-in names. The nonce
 * identifies the device in the throttle.
 */
export const DEVICE_COOKIE = 'mailboard_device';

const LIFETIME_S = 365 * 24 * 60 * 60;
const VALUE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
// Only the sign-in reads it: other requests need not carry it.
const COOKIE_PATH = '/api/v1/session';

export type DeviceCookies = {
  /** Sets the cookie after a sign-in as `username`. */
  issue(request: FastifyRequest, reply: FastifyReply, username: string): void;
  /** The device id of the request's cookie when it is valid for `username`. */
  deviceOf(request: FastifyRequest, username: string): string | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by identity's plugin (index.ts); `openSession` issues one with every session. */
    deviceCookies: DeviceCookies;
  }
}

export async function deviceCookies(db: Executor, now: () => number): Promise<DeviceCookies> {
  const secret = await sharedSecret(db, 'device_cookies');
  const mac = (username: string, issued: string, nonce: string) =>
    createHmac('sha256', secret)
      .update(`device\n${username.toLowerCase()}\n${issued}\n${nonce}`)
      .digest();
  const seconds = () => Math.floor(now() / 1000);

  return {
    issue(request, reply, username) {
      const issued = seconds().toString(36);
      const nonce = randomBytes(16).toString('base64url');
      const value = `${issued}.${nonce}.${mac(username, issued, nonce).toString('base64url')}`;
      reply.setCookie(DEVICE_COOKIE, value, {
        ...cookieOptions(request),
        path: COOKIE_PATH,
        maxAge: LIFETIME_S,
      });
    },

    deviceOf(request, username) {
      const match = VALUE.exec(request.cookies[DEVICE_COOKIE] ?? '');
      if (!match) return undefined;
      const [, issued, nonce, signature] = match as unknown as [string, string, string, string];
      if (parseInt(issued, 36) + LIFETIME_S <= seconds()) return undefined;
      const expected = mac(username, issued, nonce);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? nonce
        : undefined;
    },
  };
}
