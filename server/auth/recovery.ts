import { and, eq, isNull, sql } from "drizzle-orm";
import type { ResetPasswordInput } from "../../common/account.ts";
import type { Db } from "../db/client.ts";
import { accountTokens, userCredentials, users } from "../db/schema.ts";
import { badRequest } from "../lib/http-error.ts";
import { consumeLimit, type Limit } from "../limits/rate-limit.ts";
import type { AccountMailDeps } from "./account-mail.ts";
import { issueToken, useToken } from "./account-tokens.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { LINK_USED } from "./email-links.ts";
import { hashPassword } from "./passwords.ts";
import { destroyUserSessions } from "./sessions.ts";

const HOUR_MS = 3600_000;
/**
 * 'Forgot password?' requests: per address typed, so nobody floods one inbox, and per client
 * address, so nobody sprays many inboxes. Counted before anything is looked up.
 */
export const RESET_LIMITS = {
  email: { max: 3, windowMs: HOUR_MS },
  ip: { max: 20, windowMs: HOUR_MS },
} satisfies Record<string, Limit>;
export const TOO_MANY_RESETS = "Too many reset requests. Please wait an hour and try again.";

export const RESET_SENT =
  "If an account uses that address, we sent it a link to choose a new password. The link works once, for 1 hour.";

/**
 * 'Forgot password?': a single-use link to the account that owns the address, if any. The
 * answer is the same either way, and the mail goes out after answering, so neither the words
 * nor the time tell whether the address is known.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  ip: string,
  deps: AccountMailDeps,
): Promise<string> {
  await consumeLimit(db, `reset:ip:${ip}`, RESET_LIMITS.ip, TOO_MANY_RESETS);
  await consumeLimit(db, `reset:email:${email.toLowerCase()}`, RESET_LIMITS.email, TOO_MANY_RESETS);
  const [account] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  if (account?.email) {
    const token = await issueToken(db, account.id, "reset_password", account.email);
    deps.mail.send({
      kind: "reset_password",
      to: account.email,
      link: deps.links.resetPassword(token),
    });
  }
  return RESET_SENT;
}

/**
 * Sets a new password from a reset link, once: the link is used by an atomic update, so of
 * several submits at once exactly one changes the password. Every session of the account ends
 * (the caller signs this browser in afresh), and the address counts as confirmed: the link
 * reached it.
 */
export async function resetPassword(
  db: Db,
  input: ResetPasswordInput,
): Promise<{ userId: string }> {
  refuseCommonPassword(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const used = await useToken(tx, input.token, "reset_password");
    if (!used) return null;
    await tx
      .update(userCredentials)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(userCredentials.userId, used.userId));
    await destroyUserSessions(tx, used.userId);
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, used.userId));
    return used.userId;
  });
  if (!userId) throw badRequest(LINK_USED);
  return { userId };
}
