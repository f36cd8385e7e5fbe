import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from '../../lib/browser-sessions.js';
import { basicCallers } from './authentication/basic-callers.js';
import { authenticateRequests } from './authentication/request-hook.js';
import { inviteUser } from './invitations/invitations.js';
import { invitationRoutes } from './invitations/routes.js';
import { systemMailerOf } from './mail/system-mail.js';
import { resetRoutes } from './resets/routes.js';
import { rolesRoutes } from './roles/routes.js';
import { meSessionRoutes } from './sessions/me-routes.js';
import { sessionsRepository } from './sessions/repository.js';
import { credentialsVerifier, passwordSignIn } from './sign-in/credentials.js';
import { deviceCookies } from './sign-in/device-cookies.js';
import { decoyHash } from './sign-in/password.js';
import { sessionRoutes } from './sign-in/session-routes.js';
import { FailedAttemptThrottle } from './sign-in/throttle.js';
import { tokensRoutes } from './tokens/routes.js';
import { twoFactorRoutes } from './two-factor/routes.js';
import { secondFactorRoutes, secondFactorStep } from './two-factor/sign-in.js';
import { accountsRepository } from './users/accounts.js';
import { meRoutes } from './users/me-routes.js';
import { usersRoutes, type Invite } from './users/routes.js';

// What other features, app.ts, the CLI, the benches and tests use of identity; nothing else
// of this folder is imported from outside it.
export { inVisibleLists, visibleLists } from './access/access.js';
export { verifyPassword } from './sign-in/password.js';
export { FailedAttemptThrottle } from './sign-in/throttle.js';
export { rolesRepository } from './roles/repository.js';
export { accountsRepository } from './users/accounts.js';
export { usersRepository, type User } from './users/repository.js';

export type IdentityOptions = {
  db: Db;
  /** Also the clock of the credential cache and of sessions, so a test drives all three. */
  throttle?: FailedAttemptThrottle;
  /** How long a verified Authorization header is trusted without hashing again. */
  cacheTtlMs?: number;
  /** Idle timeout and absolute lifetime of browser sessions. */
  sessionLifetime?: SessionLifetime;
};

/**
 * Identity (docs/decisions/api-choices.md, docs/decisions/roles-and-access.md): who calls and what it may do. The request hook
 * that authenticates every /api/ route (authentication/), sign-in with its throttle and
 * device cookies (sign-in/), sessions, users, roles, API tokens, two-factor sign-in, and
 * the mailed invitation and password-reset links. Registered before the other features'
 * routes: its hook sets `request.user` and `request.access`, which they read.
 */
export const identityPlugin = fp(async (app: FastifyInstance, options: IdentityOptions) => {
  const { db } = options;
  const throttle = options.throttle ?? new FailedAttemptThrottle();
  const now = throttle.now;
  const lifetime = options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME;
  const sessions = sessionsRepository(db, lifetime);
  const devices = await deviceCookies(db, now);
  // Sessions opened here or in the two-factor step leave one (sign-in/session-routes.ts).
  app.decorate('deviceCookies', devices);
  // Computed now rather than on the first unknown username, whose answer would otherwise
  // take one extra hash and reveal that the name does not exist.
  void decoyHash().catch(() => undefined);

  const verifyCredentials = credentialsVerifier(db, throttle);
  const basicCaller = basicCallers({
    db,
    throttle,
    verifyCredentials,
    cacheTtlMs: options.cacheTtlMs,
  });
  authenticateRequests(app, { db, sessions, basicCaller, now });

  await app.register(sessionRoutes, {
    sessions,
    now,
    signIn: passwordSignIn(db, throttle, devices, verifyCredentials),
    afterPassword: secondFactorStep(db, now),
  });
  await app.register(secondFactorRoutes, { db, sessions, now });
  await app.register(meSessionRoutes, { db, lifetime, now, prefix: '/api/v1' });

  await app.register(
    async (api) => {
      // Issue 29 parts 3 and 4: invitations, password reset, two-factor.
      await api.register(invitationRoutes, { db });
      await api.register(resetRoutes, { db });
      await api.register(twoFactorRoutes, { db });
      // POST /users without a password invites by mail, with the role and lists it names.
      const invite: Invite = async (username, changes, invitedBy, locale) =>
        inviteUser(db, systemMailerOf(app), { username, invitedBy, locale }, (tx, id) =>
          accountsRepository(tx).update(id, changes),
        );
      await api.register(usersRoutes, { db, invite });
      await api.register(rolesRoutes, { db });
      await api.register(tokensRoutes, { db });
      await api.register(meRoutes, { db });
    },
    { prefix: '/api/v1' },
  );
});
