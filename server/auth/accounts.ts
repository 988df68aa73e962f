import { eq, sql } from "drizzle-orm";
import type { SignInInput, SignUpInput } from "../../common/auth.ts";
import type { Db } from "../db/client.ts";
import { userCredentials, users } from "../db/schema.ts";
import { badRequest, conflict, HttpError, tooManyRequests } from "../lib/http-error.ts";
import { currentCount, incrementCounter, resetCounter } from "../lib/rate-limit.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const MAX_SIGN_IN_FAILURES = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const emailKey = (email: string) => `sign-in-failures:email:${email.toLowerCase()}`;
const addressKey = (ip: string) => `sign-in-failures:ip:${ip}`;

export async function signUp(db: Db, input: SignUpInput): Promise<{ userId: string }> {
  if (isCommonPassword(input.password)) {
    throw badRequest("That password is too common. Please choose another.", {
      password: "That password is too common. Please choose another.",
    });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, firstName: input.firstName, lastName: input.lastName })
        .returning({ id: users.id });
      if (!user) throw new Error("insert returned no user");
      await tx.insert(userCredentials).values({ userId: user.id, passwordHash });
      return { userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("An account with this email already exists. Please sign in instead.");
    }
    throw error;
  }
}

/**
 * Checks an e-mail and password. Every failure gets the same message, and after
 * MAX_SIGN_IN_FAILURES failures in the window for one e-mail or one address, even a right
 * password is refused with 429 until the window passes.
 */
export async function signIn(db: Db, input: SignInInput, ip: string): Promise<{ userId: string }> {
  const [byEmail, byAddress] = await Promise.all([
    currentCount(db, emailKey(input.email), SIGN_IN_FAILURE_WINDOW_MS),
    currentCount(db, addressKey(ip), SIGN_IN_FAILURE_WINDOW_MS),
  ]);
  if (byEmail >= MAX_SIGN_IN_FAILURES || byAddress >= MAX_SIGN_IN_FAILURES) {
    throw tooManyRequests(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    );
  }
  const [account] = await db
    .select({ userId: users.id, passwordHash: userCredentials.passwordHash })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!account) await burnPasswordCheck(input.password);
  const valid = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account || !valid) {
    await incrementCounter(db, emailKey(input.email), SIGN_IN_FAILURE_WINDOW_MS);
    await incrementCounter(db, addressKey(ip), SIGN_IN_FAILURE_WINDOW_MS);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await resetCounter(db, emailKey(input.email));
  return { userId: account.userId };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
