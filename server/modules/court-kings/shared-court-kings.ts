import type { CourtKing } from "../../../common/court-kings.ts";
import type { Queryable } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { courtKings } from "./service.ts";

export const COURT_KINGS_MAX_AGE_MS = 60_000;

// Court Kings are a board per court over 90 days: a busy court's reads tens of thousands
// of check-ins (bench/court-page.bench.ts) and its page is the one many people open, while
// a minute more or less changes nothing on a 90-day board. Changes on this instance still
// drop it at once (invalidateLeaderboards, leaderboard/shared-boards.ts).
const boardsOf = perDatabase((db: Queryable) =>
  sharedAnswers<CourtKing[]>((key) => courtKings(db, Number(key)), {
    maxAgeMs: COURT_KINGS_MAX_AGE_MS,
    maxKeys: 1000,
  }),
);

export const sharedCourtKings = (db: Queryable, courtId: number) =>
  boardsOf(db).read(String(courtId));

/** Drops every court's shared board of this database. */
export function invalidateCourtKings(db: Queryable): void {
  boardsOf(db).invalidate();
}
