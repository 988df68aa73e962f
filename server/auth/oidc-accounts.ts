import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userIdentities, users } from "../db/schema.ts";
import type { OidcClaims } from "./oidc.ts";

/**
 * Finds the user of an issuer's subject, creating them on first sign-in and refreshing their
 * e-mail, names and picture from the claims each time. An existing account is linked by e-mail
 * only when the issuer says it verified that e-mail; otherwise a look-alike address could take
 * over someone else's account.
 */
export async function upsertOidcUser(db: Db, claims: OidcClaims): Promise<string> {
  return db.transaction(async (tx) => {
    const [identity] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(
        and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)),
      );

    const holderOfEmail = async () => {
      if (!claims.email) return undefined;
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${claims.email})`);
      return row?.id;
    };

    let userId = identity?.userId;
    if (!userId && claims.emailVerified) userId = await holderOfEmail();

    if (!userId) {
      const emailTaken = (await holderOfEmail()) !== undefined;
      const [created] = await tx
        .insert(users)
        .values({
          email: emailTaken ? null : claims.email,
          firstName: claims.firstName,
          lastName: claims.lastName,
          profileImageUrl: claims.picture,
        })
        .returning({ id: users.id });
      if (!created) throw new Error("insert returned no user");
      userId = created.id;
    } else {
      const holder = await holderOfEmail();
      await tx
        .update(users)
        .set({
          ...(claims.email && (holder === undefined || holder === userId)
            ? { email: claims.email }
            : {}),
          ...(claims.firstName ? { firstName: claims.firstName } : {}),
          ...(claims.lastName ? { lastName: claims.lastName } : {}),
          ...(claims.picture ? { profileImageUrl: claims.picture } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
    }
    if (!identity) {
      await tx
        .insert(userIdentities)
        .values({ userId, issuer: claims.issuer, subject: claims.subject })
        .onConflictDoNothing();
    }
    return userId;
  });
}
