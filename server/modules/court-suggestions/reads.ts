import { type SQL, sql } from "drizzle-orm";
import type { CourtSuggestion, SuggestionStatus } from "../../../common/court-suggestions.ts";
import type { Queryable } from "../../db/client.ts";
import { courtSuggestions, courtSuggestionVotes, courts } from "../../db/schema.ts";

const s = courtSuggestions;
const v = courtSuggestionVotes;

/** Only decisions are stored: a pending suggestion past its time reads as expired. */
export const suggestionStatusSql = sql<SuggestionStatus>`(case
  when ${s.status} = 'pending' and ${s.expiresAt} <= now() then 'expired'
  else ${s.status} end)`;

/** Pending and still within its time: the suggestions players can vote on. */
export const suggestionOpenSql = sql<boolean>`(${s.status} = 'pending' and ${s.expiresAt} > now())`;

/** Suggestions as players see them, narrowed by the caller (where, order, limit). */
export function suggestionsWith(db: Queryable, viewerId: string | null) {
  return db
    .select({
      id: s.id,
      kind: s.kind,
      status: suggestionStatusSql,
      courtId: s.courtId,
      courtName: sql<string>`coalesce(${courts.name}, ${s.name}, 'Court')`,
      latitude: s.latitude,
      longitude: s.longitude,
      userId: s.userId,
      name: s.name,
      address: s.address,
      isIndoor: s.isIndoor,
      lighting: s.lighting,
      freeToPlay: s.freeToPlay,
      numberOfCourts: s.numberOfCourts,
      closed: s.closed,
      confirmations: sql<number>`(select count(*) from ${v} where ${v.suggestionId} = ${s.id} and ${v.agree})::int`,
      objections: sql<number>`(select count(*) from ${v} where ${v.suggestionId} = ${s.id} and not ${v.agree})::int`,
      viewerVote: viewerId
        ? sql<
            boolean | null
          >`(select ${v.agree} from ${v} where ${v.suggestionId} = ${s.id} and ${v.userId} = ${viewerId})`
        : sql<boolean | null>`null::boolean`,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      decidedAt: s.decidedAt,
    })
    .from(s)
    .leftJoin(courts, sql`${courts.id} = ${s.courtId}`)
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof suggestionsWith>["execute"]>>[number];

export function toSuggestion(row: Row, viewerId: string | null): CourtSuggestion {
  return {
    id: row.id,
    kind: row.kind as CourtSuggestion["kind"],
    status: row.status,
    courtId: row.courtId,
    courtName: row.courtName,
    latitude: row.latitude,
    longitude: row.longitude,
    proposal: {
      name: row.name,
      address: row.address,
      isIndoor: row.isIndoor,
      lighting: row.lighting,
      freeToPlay: row.freeToPlay,
      numberOfCourts: row.numberOfCourts,
      closed: row.closed,
    },
    confirmations: row.confirmations,
    objections: row.objections,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    mine: row.userId === viewerId,
    viewerVote: row.viewerVote ?? null,
  };
}

export async function readSuggestions(
  db: Queryable,
  viewerId: string | null,
  where: SQL,
  order: SQL,
  limit: number,
): Promise<CourtSuggestion[]> {
  const rows = await suggestionsWith(db, viewerId).where(where).orderBy(order).limit(limit);
  return rows.map((row) => toSuggestion(row, viewerId));
}
