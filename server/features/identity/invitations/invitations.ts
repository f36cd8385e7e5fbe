import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Invitation, InvitationWithLink } from '../../../../contract/account.js';
import type { Db, Executor } from '../../../db/client.js';
import { users, userTokens } from '../../../db/schema/index.js';
import { badRequest, notFound } from '../../../lib/http-errors.js';
import type { DashboardLocale } from '../../../../contract/dashboard-locales.js';
import { mailTexts } from '../mail/mail-texts.js';
import { sendLinkMail, type SystemMailer } from '../mail/system-mail.js';
import { PENDING_PASSWORD_HASH } from '../users/accounts.js';
import { INVITATION_TTL_MS, userTokensRepository } from '../links/user-tokens.js';

export type InviteInput = {
  username: string;
  /** The admin who invites (null from a script). */
  invitedBy: number | null;
  /** The mail's language: the inviter's (the invitee has none yet); English by default. */
  locale?: DashboardLocale;
  now?: Date;
};

/**
 * Creates a pending user (no password) and mails them a single-use link, valid 7 days, to
 * set their password (issue 29 part 3); the answer carries the link for the inviter to pass
 * on (issue 49: nobody reads it from the Outbox). `POST /api/v1/users` without a password
 * calls this; `configure` runs inside the same transaction, after the user row exists, so the
 * caller can set the new user's role and lists. A taken username is 400 `{username: […]}`.
 * The mail goes out after the commit; a transport failure leaves the invitation unsent
 * (`sent_datetime: null`, resend to try again).
 */
export async function inviteUser(
  db: Db,
  mailer: SystemMailer,
  input: InviteInput,
  configure?: (tx: Executor, userId: number) => Promise<void>,
): Promise<InvitationWithLink> {
  const now = input.now ?? new Date();
  const { token, id } = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
    if (taken) throw badRequest('username', 'A user with this username already exists.');
    const [user] = await tx
      .insert(users)
      .values({ username: input.username, passwordHash: PENDING_PASSWORD_HASH })
      .returning({ id: users.id });
    await configure?.(tx, user!.id);
    const issued = await userTokensRepository(tx).issue(
      'invitation',
      user!.id,
      INVITATION_TTL_MS,
      now,
      input.invitedBy,
    );
    return { token: issued.token, id: issued.row.id };
  });
  return mailInvitation(db, mailer, id, input.username, token, now, input.locale);
}

/** A new link (the old one stops working) and a new mail; the invitation keeps its id. */
export async function resendInvitation(
  db: Db,
  mailer: SystemMailer,
  id: number,
  now = new Date(),
  locale: DashboardLocale = 'en',
): Promise<InvitationWithLink> {
  const current = await getInvitation(db, id, now);
  if (!current) throw notFound();
  const token = await userTokensRepository(db).renew(id, INVITATION_TTL_MS, now);
  return mailInvitation(db, mailer, id, current.username, token, now, locale);
}

/** Withdraws the invitation and removes the user who never signed up. */
export async function revokeInvitation(db: Db, id: number) {
  const current = await getInvitation(db, id, new Date());
  if (!current) throw notFound();
  await db
    .delete(users)
    .where(and(eq(users.id, current.user), eq(users.passwordHash, PENDING_PASSWORD_HASH)));
}

/** Mails the link, and answers the invitation as it stands with the link. */
async function mailInvitation(
  db: Db,
  mailer: SystemMailer,
  id: number,
  username: string,
  token: string,
  now: Date,
  locale: DashboardLocale = 'en',
): Promise<InvitationWithLink> {
  const path = `/invitation/${token}`;
  const sent = await sendLinkMail(mailer, {
    to: username,
    locale,
    ...mailTexts(locale).invitation(username),
    path,
  }).then(
    () => true,
    () => false, // Shown as not sent; the admin can resend, or pass the link on.
  );
  if (sent) await db.update(userTokens).set({ sentDatetime: now }).where(eq(userTokens.id, id));
  return { ...(await getInvitation(db, id, now))!, invitation_url: `${mailer.baseUrl()}${path}` };
}

const invitationColumns = {
  id: userTokens.id,
  user: userTokens.userId,
  username: users.username,
  invitedBy: userTokens.createdBy,
  create: userTokens.createDatetime,
  expire: userTokens.expireDatetime,
  sent: userTokens.sentDatetime,
};

const pending = and(
  eq(userTokens.kind, 'invitation'),
  isNull(userTokens.usedDatetime),
  eq(users.passwordHash, PENDING_PASSWORD_HASH),
);

type InvitationRow = {
  id: number;
  user: number;
  username: string;
  invitedBy: number | null;
  create: Date;
  expire: Date;
  sent: Date | null;
};

const serialize = (r: InvitationRow, now: Date): Invitation => ({
  id: r.id,
  user: r.user,
  username: r.username,
  invited_by: r.invitedBy,
  create_datetime: r.create.toISOString(),
  expire_datetime: r.expire.toISOString(),
  sent_datetime: r.sent?.toISOString() ?? null,
  expired: r.expire <= now,
});

export async function getInvitation(db: Executor, id: number, now: Date) {
  const [row] = await db
    .select(invitationColumns)
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(pending, eq(userTokens.id, id)));
  return row ? serialize(row, now) : undefined;
}

/** Invitations not accepted yet (expired ones included, so they can be resent). */
export async function listInvitations(db: Executor, now: Date) {
  const rows = await db
    .select(invitationColumns)
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(pending)
    .orderBy(asc(userTokens.id));
  return rows.map((r) => serialize(r, now));
}
