import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, ne } from "drizzle-orm";
import { MESSAGES_PER_HOUR, TOO_MANY_MESSAGES } from "../../../common/games.ts";
import { ONLY_ORGANIZER_MESSAGES, type RunMessageAnswer } from "../../../common/organizer-tools.ts";
import { RUN_NOT_FOUND } from "../../../common/runs.ts";
import type { Db } from "../../db/client.ts";
import { runsOrganizer } from "../../db/organizers.ts";
import { games, runRegulars, runs } from "../../db/schema.ts";
import { forbidden, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { playerName } from "../notifications/game-facts.ts";
import { excerptOf } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";

const HOUR_MS = 3_600_000;

/**
 * The run's organizer (or a co-organizer) tells every regular at once. It counts against the same hourly limit as
 * a game thread's messages (one counter per sender), so the two together cannot flood anyone.
 * Each regular is told in one transaction (their New Messages switch decides); the notice opens
 * the run's next date.
 */
export async function messageRegulars(
  db: Db,
  senderId: string,
  runId: number,
  body: string,
): Promise<RunMessageAnswer> {
  const [run] = await db
    .select({ title: runs.title, organizerId: runs.organizerId })
    .from(runs)
    .where(eq(runs.id, runId));
  if (!run) throw notFound(RUN_NOT_FOUND);
  if (!(await runsOrganizer(db, { id: runId, organizerId: run.organizerId }, senderId))) {
    throw forbidden(ONLY_ORGANIZER_MESSAGES);
  }
  const sent = await incrementCounter(db, `messages:user:${senderId}`, HOUR_MS);
  if (sent > MESSAGES_PER_HOUR) throw tooManyRequests(TOO_MANY_MESSAGES);
  return db.transaction(async (tx) => {
    const regulars = await tx
      .select({ userId: runRegulars.userId })
      .from(runRegulars)
      .where(and(eq(runRegulars.runId, runId), ne(runRegulars.userId, senderId)))
      .orderBy(asc(runRegulars.userId));
    const [next] = await tx
      .select({ id: games.id, courtId: games.courtId })
      .from(games)
      .where(
        and(eq(games.runId, runId), eq(games.status, "open"), gt(games.scheduledAt, new Date())),
      )
      .orderBy(asc(games.scheduledAt))
      .limit(1);
    const payload = {
      runTitle: run.title || "Weekly Run",
      senderName: await playerName(tx, senderId),
      excerpt: excerptOf(body),
    };
    const key = `run:${runId}:message:${randomUUID()}`;
    const written = await notify(
      tx,
      regulars.map(({ userId }) => ({
        kind: "run_message" as const,
        userId,
        actorId: senderId,
        gameId: next?.id ?? null,
        courtId: next?.courtId ?? null,
        payload,
        dedupeKey: key,
      })),
    );
    return { told: written.length };
  });
}
