import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { useToken } from "./account-tokens.ts";
import { isUniqueViolation } from "./accounts.ts";

export const LINK_USED =
  "This link has expired or was already used. Ask for a new one from Settings or the sign-in page.";

/** Opens a confirmation link: the address is confirmed if it is still the account's. */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await useToken(tx, token, "confirm_email");
    if (!used) return false;
    const confirmed = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
      .returning({ id: users.id });
    return confirmed.length > 0;
  });
}

/**
 * Opens the link sent to a new address: it becomes the account's, confirmed. If another account
 * took the address meanwhile, the unique index refuses and nothing changes.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
): Promise<"changed" | "used" | "taken"> {
  try {
    return await db.transaction(async (tx) => {
      const used = await useToken(tx, token, "change_email");
      if (!used) return "used";
      await tx
        .update(users)
        .set({
          email: used.email,
          emailConfirmedAt: sql`now()`,
          pendingEmail: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, used.userId));
      return "changed";
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
