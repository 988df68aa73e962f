import { and, eq, gt, sql } from "drizzle-orm";
import {
  type AccountSession,
  type ChangeEmailInput,
  type ChangePasswordInput,
  CONFIRMATION_SENT,
  EMAIL_CHANGE_SENT,
  WRONG_PASSWORD,
} from "../../../common/account.ts";
import type { AccountMail, AccountMailDeps } from "../../auth/account-mail.ts";
import { issueToken } from "../../auth/account-tokens.ts";
import { refuseCommonPassword } from "../../auth/common-passwords.ts";
import { hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { destroyUserSessions } from "../../auth/sessions.ts";
import { describeDevice } from "../../auth/user-agent.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { accountTokens, sessions, userCredentials, users } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { consumeLimit } from "../../limits/rate-limit.ts";

const HOUR_MS = 3600_000;
/** Password checks of signed-in changes (password, address, deletion): a thief's guesses stop. */
const PASSWORD_CHECKS = { max: 10, windowMs: HOUR_MS };
/** E-mails a signed-in player can have sent to themselves or a new address. */
const ACCOUNT_MAILS = { max: 5, windowMs: HOUR_MS };
const TOO_MANY_CHECKS = "Too many attempts. Please wait an hour and try again.";
const TOO_MANY_MAILS = "Too many e-mails asked for. Please wait an hour and try again.";
/**
 * Checks the signed-in player's password before a change that matters. The attempt is counted
 * first (atomically), so a stolen session cannot guess the password faster than the limit.
 */
export async function checkPassword(db: Queryable, userId: string, password: string) {
  await consumeLimit(db, `password-check:${userId}`, PASSWORD_CHECKS, TOO_MANY_CHECKS);
  const [row] = await db
    .select({ hash: userCredentials.passwordHash, email: users.email })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.hash, password))) {
    throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
  return { email: row.email };
}

/**
 * 'Resend' on the banner: a new link to an unconfirmed address. An account whose typed address
 * belongs to someone else gets the same answer and no mail: its owner was told once already.
 */
export async function resendConfirmation(
  db: Db,
  userId: string,
  deps: AccountMailDeps,
): Promise<string> {
  await consumeLimit(db, `confirm-mail:${userId}`, ACCOUNT_MAILS, TOO_MANY_MAILS);
  const [user] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.email && !user.confirmedAt) {
    const token = await issueToken(db, userId, "confirm_email", user.email);
    deps.mail.send({ kind: "confirm_email", to: user.email, link: deps.links.confirmEmail(token) });
  }
  return CONFIRMATION_SENT;
}

/** Settings → Change password: the current one is asked; every other session ends. */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  input: ChangePasswordInput,
  deps: AccountMailDeps,
): Promise<void> {
  const { email } = await checkPassword(db, userId, input.currentPassword);
  refuseCommonPassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(userCredentials)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(userCredentials.userId, userId));
    await destroyUserSessions(tx, userId, currentSessionId);
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "reset_password")));
  });
  if (email) {
    deps.mail.send({ kind: "password_changed", to: email, resetUrl: deps.links.forgotPassword });
  }
}

/**
 * Settings → Change e-mail: a link goes to the new address and the change waits for it; the
 * old address is told at once. An address another account owns gets the same answer, and its
 * owner the 'someone tried your address' e-mail instead of a link.
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  input: ChangeEmailInput,
  deps: AccountMailDeps,
): Promise<string> {
  const { email } = await checkPassword(db, userId, input.password);
  if (email && email.toLowerCase() === input.newEmail.toLowerCase()) {
    throw badRequest("That is already your address.", {
      newEmail: "That is already your address.",
    });
  }
  await consumeLimit(db, `email-change:${userId}`, ACCOUNT_MAILS, TOO_MANY_MAILS);
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.newEmail})`);
  const mails: AccountMail[] = [];
  if (owner?.email) {
    mails.push({
      kind: "address_taken",
      to: owner.email,
      signInUrl: deps.links.signIn,
      resetUrl: deps.links.forgotPassword,
    });
  } else {
    const token = await issueToken(db, userId, "change_email", input.newEmail);
    mails.push({ kind: "change_email", to: input.newEmail, link: deps.links.changeEmail(token) });
  }
  if (email) {
    mails.push({
      kind: "email_change_requested",
      to: email,
      newEmail: input.newEmail,
      resetUrl: deps.links.forgotPassword,
    });
  }
  for (const mail of mails) deps.mail.send(mail);
  return EMAIL_CHANGE_SENT;
}

/** Settings → Sessions: where this account is signed in, the asking browser marked. */
export async function listSessions(
  db: Queryable,
  userId: string,
  currentSessionId: string,
): Promise<AccountSession[]> {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(sql`${sessions.sess}->>'userId' = ${userId}`, gt(sessions.expire, new Date())));
  return rows
    .map((row) => ({
      id: row.sid,
      device: describeDevice(row.sess.userAgent),
      createdAt: row.sess.createdAt,
      lastSeenAt: row.sess.lastSeenAt ?? row.sess.createdAt,
      current: row.sid === currentSessionId,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    );
}

/** Signs one of the account's other sessions out; someone else's session is "not found". */
export async function endOneSession(db: Queryable, userId: string, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, sessionId), sql`${sessions.sess}->>'userId' = ${userId}`))
    .returning({ sid: sessions.sid });
  if (ended.length === 0) throw notFound("That session has already ended.");
}

export async function endOtherSessions(db: Queryable, userId: string, currentSessionId: string) {
  return destroyUserSessions(db, userId, currentSessionId);
}
