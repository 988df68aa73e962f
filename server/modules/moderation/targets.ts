import { eq } from "drizzle-orm";
import { CONDITION_KINDS, type ConditionKind } from "../../../common/condition-kinds.ts";
import { parseId } from "../../../common/id-params.ts";
import type { ReportKind } from "../../../common/moderation.ts";
import type { Queryable } from "../../db/client.ts";
import {
  courtConditionReports,
  courtSuggestions,
  courts,
  gameMessages,
  games,
  users,
} from "../../db/schema.ts";
import { playerName } from "../notifications/game-facts.ts";

/** What a report is about, as an operator reads it. */
export type Target = {
  /** The player behind it: the author, the organizer, or the player reported. */
  userId: string;
  content: string | null;
  context: string;
  link: string | null;
  hidden: boolean;
};

const gameName = (title: string | null, courtName: string) => title || courtName;

/** The reported thing, or null when there is none (a bad id, a deleted player). */
export async function describeTarget(
  db: Queryable,
  kind: ReportKind,
  targetId: string,
): Promise<Target | null> {
  if (kind === "player") {
    const [row] = await db
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, targetId));
    if (!row || row.deletedAt) return null;
    return {
      userId: row.id,
      content: null,
      context: `The player ${await playerName(db, row.id)}`,
      link: null,
      hidden: false,
    };
  }
  const id = parseId(targetId);
  if (id === null) return null;
  if (kind === "message") {
    const [row] = await db
      .select({
        senderId: gameMessages.senderId,
        body: gameMessages.body,
        hiddenAt: gameMessages.hiddenAt,
        gameId: games.id,
        title: games.title,
        courtName: courts.name,
      })
      .from(gameMessages)
      .innerJoin(games, eq(games.id, gameMessages.gameId))
      .innerJoin(courts, eq(courts.id, games.courtId))
      .where(eq(gameMessages.id, id));
    if (!row) return null;
    return {
      userId: row.senderId,
      content: row.body,
      context: `Game chat of ${gameName(row.title, row.courtName)} at ${row.courtName}`,
      link: `/game/${row.gameId}`,
      hidden: row.hiddenAt !== null,
    };
  }
  if (kind === "condition_report") {
    const [row] = await db
      .select({
        userId: courtConditionReports.userId,
        kind: courtConditionReports.kind,
        note: courtConditionReports.note,
        hiddenAt: courtConditionReports.hiddenAt,
        courtId: courts.id,
        courtName: courts.name,
      })
      .from(courtConditionReports)
      .innerJoin(courts, eq(courts.id, courtConditionReports.courtId))
      .where(eq(courtConditionReports.id, id));
    if (!row) return null;
    return {
      userId: row.userId,
      content: row.note,
      context: `Condition report (${CONDITION_KINDS[row.kind as ConditionKind]?.label ?? row.kind}) at ${row.courtName}`,
      link: `/courts/${row.courtId}`,
      hidden: row.hiddenAt !== null,
    };
  }
  if (kind === "court_suggestion") {
    const [row] = await db
      .select({
        userId: courtSuggestions.userId,
        kind: courtSuggestions.kind,
        name: courtSuggestions.name,
        status: courtSuggestions.status,
        courtId: courtSuggestions.courtId,
      })
      .from(courtSuggestions)
      .where(eq(courtSuggestions.id, id));
    if (!row) return null;
    return {
      userId: row.userId,
      content: row.name,
      context: `${row.kind === "new" ? "A new court suggested" : "A correction suggested"} (${row.status})`,
      link: row.courtId === null ? null : `/courts/${row.courtId}`,
      hidden: row.status === "rejected",
    };
  }
  const [row] = await db
    .select({
      organizerId: games.organizerId,
      title: games.title,
      courtName: courts.name,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(eq(games.id, id));
  if (!row) return null;
  return {
    userId: row.organizerId,
    content: row.title,
    context: `A game at ${row.courtName}`,
    link: `/game/${id}`,
    hidden: false,
  };
}

/** How a notice names the hidden content: "An operator hid your message". */
export const HIDDEN_WHAT: Record<ReportKind, string> = {
  player: "profile",
  message: "message",
  condition_report: "condition report",
  court_suggestion: "court suggestion",
  game: "game",
};
