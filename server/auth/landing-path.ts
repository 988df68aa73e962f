import { eq } from "drizzle-orm";
import { safeReturnTo, withReturnTo } from "../../common/return-to.ts";
import type { Queryable } from "../db/client.ts";
import { users } from "../db/schema.ts";

/**
 * Where the browser lands after signing in (contract: onboarding until it is complete, else
 * `/`), or the page the visitor was on (`returnTo`, a path of this site): straight there once
 * onboarded, else after onboarding, which carries it along.
 */
export async function landingPathFor(
  db: Queryable,
  userId: string,
  returnTo?: string,
): Promise<string> {
  const [row] = await db
    .select({ done: users.hasCompletedOnboarding })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.done) return withReturnTo("/onboarding", returnTo);
  return safeReturnTo(returnTo) ?? "/";
}
