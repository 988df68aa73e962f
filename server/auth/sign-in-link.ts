import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userCredentials, users } from "../db/schema.ts";
import { consumeLimit, incrementCounter } from "../limits/rate-limit.ts";
import type { AccountMailDeps } from "./account-mail.ts";
import { issueToken, useToken } from "./account-tokens.ts";
import { SIGN_IN_LIMITS } from "./accounts.ts";
import { RESET_LIMITS, TOO_MANY_RESETS } from "./recovery.ts";

export const SIGN_IN_LINK_USED =
  "This sign-in link has expired or was already used. Ask for a new one from the sign-in page.";
export const SIGN_IN_LINK_SENT =
  "If an account uses that address, we sent it a sign-in link. The link works once, for 15 minutes.";

async function ownerOf(db: Db, email: string) {
  const [account] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return account?.email ? { id: account.id, email: account.email } : null;
}

/**
 * 'E-mail me a sign-in link', offered when the account's own bound of sign-in attempts was
 * passed: a single-use link to the address's account, if any, limited and answered like
 * 'Forgot password?' so that neither the words nor the time tell whether the address is known.
 * A guesser cannot use it: it goes to the owner's inbox.
 */
export async function requestSignInLink(
  db: Db,
  email: string,
  ip: string,
  deps: AccountMailDeps,
): Promise<string> {
  await consumeLimit(db, `sign-in-link:ip:${ip}`, RESET_LIMITS.ip, TOO_MANY_RESETS);
  await consumeLimit(
    db,
    `sign-in-link:email:${email.toLowerCase()}`,
    RESET_LIMITS.email,
    TOO_MANY_RESETS,
  );
  const account = await ownerOf(db, email);
  if (account) {
    const token = await issueToken(db, account.id, "sign_in", account.email);
    deps.mail.send({ kind: "sign_in_link", to: account.email, link: deps.links.signInLink(token) });
  }
  return SIGN_IN_LINK_SENT;
}

/** The account a sign-in link signs in, once: of two uses at once exactly one gets it. */
export async function redeemSignInLink(db: Db, token: string): Promise<string | null> {
  // biome-ignore lint/correctness/useHookAtTopLevel: useToken uses a link; it is no React hook.
  const used = await useToken(db, token, "sign_in");
  return used?.userId ?? null;
}

/**
 * The account's bound of sign-in attempts was just met: its owner hears of it by e-mail, once
 * per window (the first refusal of the window sends it, the others count).
 */
export async function warnOwnerOfGuessing(
  db: Db,
  email: string,
  deps: AccountMailDeps,
): Promise<void> {
  const key = `sign-in-warned:${email.toLowerCase()}`;
  if ((await incrementCounter(db, key, SIGN_IN_LIMITS.account.windowMs)) !== 1) return;
  const account = await ownerOf(db, email);
  if (account) {
    deps.mail.send({
      kind: "sign_in_attack",
      to: account.email,
      resetUrl: deps.links.forgotPassword,
    });
  }
}
