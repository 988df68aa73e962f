import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { deleteInBatches } from "../db/batches.ts";
import type { Queryable } from "../db/client.ts";
import { accountTokens } from "../db/schema.ts";
import { sessionIdOf } from "./sessions.ts";

export type TokenPurpose = "confirm_email" | "reset_password" | "change_email" | "sign_in";

/** How long each kind of link works: a reset is urgent and risky, a confirmation can wait. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm_email: 48 * 3600_000,
  reset_password: 3600_000,
  change_email: 24 * 3600_000,
  sign_in: 15 * 60_000,
};

/**
 * Makes a link's token and keeps only its hash (256 random bits: a plain SHA-256 is enough, as
 * for sessions). Earlier unused links of the same purpose stop working: only the newest counts.
 */
export async function issueToken(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  email: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  await db.insert(accountTokens).values({
    tokenHash: sessionIdOf(token),
    userId,
    purpose,
    email,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a link once: one atomic update marks it used, so of two clicks at once exactly one gets
 * the row and the other gets null, as does an expired, used or unknown token.
 */
export async function useToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, sessionIdOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Whether a token could still be used (the reset page shows its form only then). */
export async function tokenIsLive(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, sessionIdOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

/** In small batches (server/db/batches.ts): a backlog never holds the database long. */
export async function pruneAccountTokens(db: Queryable): Promise<void> {
  await deleteInBatches(db, accountTokens, lt(accountTokens.expiresAt, new Date()), {
    indexOrder: accountTokens.expiresAt,
  });
}
