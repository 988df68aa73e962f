import { and, asc, eq } from "drizzle-orm";
import {
  CO_ORGANIZER_NOT_REGULAR,
  type CoOrganizers,
  ONLY_ORGANIZER_NAMES,
} from "../../../common/organizer-tools.ts";
import { RUN_NOT_FOUND } from "../../../common/runs.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { runOrganizers, runRegulars, runs } from "../../db/schema.ts";
import { conflict, forbidden, notFound } from "../../lib/http-error.ts";

async function refuseUnlessRunOrganizer(db: Queryable, runId: number, userId: string) {
  const [run] = await db
    .select({ organizerId: runs.organizerId })
    .from(runs)
    .where(eq(runs.id, runId));
  if (!run) throw notFound(RUN_NOT_FOUND);
  if (run.organizerId !== userId) throw forbidden(ONLY_ORGANIZER_NAMES);
}

export async function coOrganizersOf(db: Queryable, runId: number): Promise<CoOrganizers> {
  const rows = await db
    .select({ userId: runOrganizers.userId })
    .from(runOrganizers)
    .where(eq(runOrganizers.runId, runId))
    .orderBy(asc(runOrganizers.createdAt), asc(runOrganizers.userId));
  return { coOrganizers: rows.map((r) => r.userId) };
}

/**
 * The run's organizer makes one of its regulars a co-organizer (again: nothing changes). Only a
 * regular can be one (409), and stops being one on unfollowing (the foreign key cascades).
 */
export async function addCoOrganizer(
  db: Db,
  organizerId: string,
  runId: number,
  userId: string,
): Promise<CoOrganizers> {
  await refuseUnlessRunOrganizer(db, runId, organizerId);
  await db.transaction(async (tx) => {
    // Locks the regular's row "for key share": an unfollow at the same moment waits for it.
    const [regular] = await tx
      .select({ userId: runRegulars.userId })
      .from(runRegulars)
      .where(and(eq(runRegulars.runId, runId), eq(runRegulars.userId, userId)))
      .for("key share");
    if (!regular) throw conflict(CO_ORGANIZER_NOT_REGULAR);
    await tx.insert(runOrganizers).values({ runId, userId }).onConflictDoNothing();
  });
  return coOrganizersOf(db, runId);
}

/** The run's organizer takes a co-organizer's tools away; they stay a regular. */
export async function removeCoOrganizer(
  db: Db,
  organizerId: string,
  runId: number,
  userId: string,
): Promise<CoOrganizers> {
  await refuseUnlessRunOrganizer(db, runId, organizerId);
  await db
    .delete(runOrganizers)
    .where(and(eq(runOrganizers.runId, runId), eq(runOrganizers.userId, userId)));
  return coOrganizersOf(db, runId);
}
