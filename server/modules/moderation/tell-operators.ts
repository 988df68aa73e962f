import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { notify } from "../notifications/notify.ts";

/**
 * Something new waits on /operator: every operator is told, at most once an hour for each kind
 * (the dedupe key names the hour), in the transaction that stored it.
 */
export async function tellOperators(
  tx: Queryable,
  what: "report" | "message",
  actorId: string | null,
): Promise<void> {
  const operators = await tx.select({ id: users.id }).from(users).where(eq(users.isOperator, true));
  if (operators.length === 0) return;
  const hour = new Date().toISOString().slice(0, 13);
  await notify(
    tx,
    operators.map(({ id }) => ({
      kind: "operator_queue" as const,
      userId: id,
      actorId,
      payload: { what },
      dedupeKey: `operator-queue:${what}:${hour}`,
    })),
  );
}
