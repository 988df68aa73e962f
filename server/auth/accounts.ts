import { eq, sql } from "drizzle-orm";
import type { SignInInput, SignUpInput } from "../../common/auth.ts";
import type { Db } from "../db/client.ts";
import { userCredentials, users } from "../db/schema.ts";
import { badRequest, HttpError } from "../lib/http-error.ts";
import { consumeLimit, type Limit, refundCounter, resetCounter } from "../limits/rate-limit.ts";
import type { AccountMail, AccountMailDeps } from "./account-mail.ts";
import { issueToken } from "./account-tokens.ts";
import { isCommonPassword } from "./common-passwords.ts";
import type { KnownDevice } from "./known-device.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const TOO_MANY_SIGN_IN_ATTEMPTS =
  "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * The account's own bound was passed (strangers from many addresses, most likely): the owner's
 * way in is then a sign-in link by e-mail (sign-in-link.ts), which a guesser cannot use.
 */
export class AccountLockedError extends HttpError {}
/**
 * Sign-in attempts allowed in 15 minutes (decisions §4). Guessing one account from one
 * address is held at 10; one address trying many accounts at 50; one account from anywhere at
 * 100, far above what its owner's typos reach, and a browser that signed in to that account
 * before (a known device) is counted on its own instead, so nobody locks the owner out.
 */
export const SIGN_IN_LIMITS = {
  accountAndAddress: { max: 10, windowMs: WINDOW_MS },
  address: { max: 50, windowMs: WINDOW_MS },
  account: { max: 100, windowMs: WINDOW_MS },
  knownDevice: { max: 10, windowMs: WINDOW_MS },
} satisfies Record<string, Limit>;

const keys = {
  address: (ip: string) => `sign-in:ip:${ip}`,
  accountAndAddress: (email: string, ip: string) => `sign-in:email-ip:${email}|${ip}`,
  account: (email: string) => `sign-in:email:${email}`,
  knownDevice: (deviceId: string) => `sign-in:device:${deviceId}`,
};

/** Who is asking: the client's address and, when the browser carries one, its device cookie. */
export interface SignInClient {
  ip: string;
  device?: KnownDevice;
}

/**
 * Creates an account and signs it in, answering the same whether or not the address is known
 * (decisions §46): a new address is owned by the account, unconfirmed, and a confirmation link
 * goes to it; an address that already has an owner stays the owner's, the new account keeps the
 * typed address only as `pendingEmail` (never used to sign in), and the owner is told by e-mail.
 * Either way a password is hashed and one account is made, so neither the answer nor its timing
 * tells who is registered. Of simultaneous sign-ups for one new address, the unique index lets
 * exactly one own it (ON CONFLICT DO NOTHING waits for the other transaction, then yields).
 */
export async function signUp(
  db: Db,
  input: SignUpInput,
  deps: AccountMailDeps,
): Promise<{ userId: string }> {
  if (isCommonPassword(input.password)) {
    throw badRequest("That password is too common. Please choose another.", {
      password: "That password is too common. Please choose another.",
    });
  }
  const passwordHash = await hashPassword(input.password);
  const names = { firstName: input.firstName, lastName: input.lastName };
  const { userId, mail } = await db.transaction(async (tx) => {
    const [owned] = await tx
      .insert(users)
      .values({ email: input.email, ...names })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (owned) {
      await tx.insert(userCredentials).values({ userId: owned.id, passwordHash });
      const token = await issueToken(tx, owned.id, "confirm_email", input.email);
      const confirm: AccountMail = {
        kind: "confirm_email",
        to: input.email,
        link: deps.links.confirmEmail(token),
      };
      return { userId: owned.id, mail: confirm };
    }
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`);
    const [provisional] = await tx
      .insert(users)
      .values({ email: null, pendingEmail: input.email, ...names })
      .returning({ id: users.id });
    if (!provisional) throw new Error("insert returned no user");
    await tx.insert(userCredentials).values({ userId: provisional.id, passwordHash });
    const told: AccountMail = {
      kind: "address_taken",
      to: owner?.email ?? input.email,
      signInUrl: deps.links.signIn,
      resetUrl: deps.links.forgotPassword,
    };
    return { userId: provisional.id, mail: told };
  });
  deps.mail.send(mail);
  return { userId };
}

/**
 * Checks an e-mail and password. Every failure gets the same message. Each attempt is counted
 * before the password is checked, so however many guesses arrive at once, no more than a
 * limit's worth are ever checked; past a limit even the right password gets 429 until the
 * window passes. A success gives its attempt back.
 */
export async function signIn(
  db: Db,
  input: SignInInput,
  client: SignInClient,
): Promise<{ userId: string }> {
  const email = input.email.toLowerCase();
  const [account] = await db
    .select({ userId: users.id, passwordHash: userCredentials.passwordHash })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${input.email})`);

  const counted: { key: string; refund: "reset" | "one" }[] = [];
  const count = async (key: string, limit: Limit, refund: "reset" | "one") => {
    await consumeLimit(db, key, limit, TOO_MANY_SIGN_IN_ATTEMPTS);
    counted.push({ key, refund });
  };
  if (account && client.device?.userId === account.userId) {
    await count(keys.knownDevice(client.device.id), SIGN_IN_LIMITS.knownDevice, "reset");
  } else {
    // The narrowest limit last: an address already refused adds nothing to the account's count.
    await count(keys.address(client.ip), SIGN_IN_LIMITS.address, "one");
    await count(
      keys.accountAndAddress(email, client.ip),
      SIGN_IN_LIMITS.accountAndAddress,
      "reset",
    );
    await count(keys.account(email), SIGN_IN_LIMITS.account, "one").catch((error: unknown) => {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      throw new AccountLockedError(429, error.message, undefined, error.retryAfterSeconds);
    });
  }

  if (!account) await burnPasswordCheck(input.password);
  const valid = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
  for (const { key, refund } of counted) {
    await (refund === "reset" ? resetCounter(db, key) : refundCounter(db, key));
  }
  return { userId: account.userId };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
