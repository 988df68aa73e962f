import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { COURT_CLOSED } from "../../../common/court-page.ts";
import {
  COURT_ALREADY_MAPPED,
  type CourtSuggestion,
  type CourtSuggestionInput,
  DUPLICATE_COURT_METERS,
  NOT_NEARBY,
  OWN_SUGGESTION,
  SUGGESTION_DAYS,
  SUGGESTION_DECIDED,
  SUGGESTION_MARGIN,
  SUGGESTION_NEAR_MILES,
  SUGGESTION_NOT_FOUND,
  SUGGESTION_VOTES_PER_HOUR,
  SUGGESTIONS_PER_DAY,
  type SuggestionVoteInput,
  TOO_MANY_SUGGESTIONS,
  TOO_MANY_VOTES,
} from "../../../common/court-suggestions.ts";
import { METERS_PER_MILE, milesBetween } from "../../../common/geo.ts";
import type { Position } from "../../../common/position.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { courtSuggestions, courtSuggestionVotes, courts, users } from "../../db/schema.ts";
import { greatCircleSql, withinDistanceBoxSql } from "../../lib/geo.ts";
import { conflict, forbidden, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { findOpenCourt } from "../court-page/service.ts";
import { readSuggestions, suggestionOpenSql } from "./reads.ts";

const s = courtSuggestions;
const v = courtSuggestionVotes;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const LIST_LIMIT = 50;
const DURATION = sql.raw(`interval '${SUGGESTION_DAYS} days'`);

/** Something is within `miles` of the point: a box on the coordinates, then the exact distance. */
function withinSql(
  latitude: typeof s.latitude | typeof courts.latitude,
  longitude: typeof s.longitude | typeof courts.longitude,
  point: Position,
  miles: number,
) {
  return sql`(${withinDistanceBoxSql(latitude, longitude, point, miles)}
    and ${greatCircleSql(latitude, longitude, point)} <= ${miles})`;
}

/** A new court on top of a mapped one, or of one already suggested, is refused (409). */
async function assertNoCourtThere(db: Queryable, point: Position): Promise<void> {
  const miles = DUPLICATE_COURT_METERS / METERS_PER_MILE;
  const [mapped] = await db
    .select({ id: courts.id })
    .from(courts)
    .where(
      and(eq(courts.isActive, true), withinSql(courts.latitude, courts.longitude, point, miles)),
    )
    .limit(1);
  const [suggested] = await db
    .select({ id: s.id })
    .from(s)
    .where(
      and(suggestionOpenSql, eq(s.kind, "new"), withinSql(s.latitude, s.longitude, point, miles)),
    )
    .limit(1);
  if (mapped || suggested) throw conflict(COURT_ALREADY_MAPPED);
}

async function suggestionById(db: Queryable, id: number, viewerId: string | null) {
  const [found] = await readSuggestions(db, viewerId, eq(s.id, id), asc(s.id), 1);
  if (!found) throw notFound(SUGGESTION_NOT_FOUND);
  return found;
}

/**
 * A signed-in player suggests a missing court or a correction of an open one. Spam limit:
 * SUGGESTIONS_PER_DAY per player, counted (atomically) once the suggestion is known to be
 * valid and before it is stored.
 */
export async function suggestCourt(
  db: Db,
  userId: string,
  input: CourtSuggestionInput,
): Promise<CourtSuggestion> {
  let place: Position;
  if (input.kind === "new") {
    place = { latitude: input.latitude, longitude: input.longitude };
    await assertNoCourtThere(db, place);
  } else {
    const court = await findOpenCourt(db, input.courtId);
    place = { latitude: court.latitude, longitude: court.longitude };
  }
  const made = await incrementCounter(db, `suggestions:user:${userId}`, DAY_MS);
  if (made > SUGGESTIONS_PER_DAY) throw tooManyRequests(TOO_MANY_SUGGESTIONS);
  const facts =
    input.kind === "new"
      ? {
          name: input.name,
          address: input.address || null,
          isIndoor: input.isIndoor,
          lighting: input.lighting,
          freeToPlay: input.freeToPlay,
          numberOfCourts: input.numberOfCourts,
        }
      : { ...input.changes, courtId: input.courtId };
  const [row] = await db
    .insert(s)
    .values({
      userId,
      kind: input.kind,
      ...place,
      ...facts,
      expiresAt: sql`now() + ${DURATION}`,
    })
    .returning({ id: s.id });
  if (!row) throw new Error("suggestion insert returned no row");
  return suggestionById(db, row.id, userId);
}

/** The voter is near enough: the position sent with the vote, else their saved home position. */
async function assertNearby(
  db: Queryable,
  userId: string,
  place: Position,
  position: Position | undefined,
): Promise<void> {
  const [home] = await db
    .select({ latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, userId));
  const near = [position, home].some((from) => {
    const miles = from ? milesBetween(from, place) : null;
    return miles !== null && miles <= SUGGESTION_NEAR_MILES;
  });
  if (!near) throw forbidden(NOT_NEARBY);
}

type SuggestionRow = typeof s.$inferSelect;

/** Makes an accepted suggestion real: the new court (source 'player'), or the correction. */
async function apply(tx: Tx, suggestion: SuggestionRow): Promise<number> {
  const indoorFacts = (isIndoor: boolean | null) =>
    isIndoor === null ? {} : { isIndoor, courtType: isIndoor ? "indoor" : "outdoor" };
  if (suggestion.kind === "new") {
    const [court] = await tx
      .insert(courts)
      .values({
        name: suggestion.name ?? "Basketball court",
        address: suggestion.address,
        latitude: suggestion.latitude,
        longitude: suggestion.longitude,
        ...indoorFacts(suggestion.isIndoor ?? false),
        lighting: suggestion.lighting ?? false,
        freeToPlay: suggestion.freeToPlay ?? true,
        numberOfCourts: suggestion.numberOfCourts ?? 1,
        timeZone: timeZoneAt(suggestion.latitude, suggestion.longitude),
        source: "player",
      })
      .returning({ id: courts.id });
    if (!court) throw new Error("court insert returned no row");
    return court.id;
  }
  const courtId = suggestion.courtId;
  if (courtId === null) throw new Error(`correction ${suggestion.id} names no court`);
  const changes: Partial<typeof courts.$inferInsert> = {
    ...(suggestion.name !== null ? { name: suggestion.name } : {}),
    ...indoorFacts(suggestion.isIndoor),
    ...(suggestion.lighting !== null ? { lighting: suggestion.lighting } : {}),
    ...(suggestion.freeToPlay !== null ? { freeToPlay: suggestion.freeToPlay } : {}),
    ...(suggestion.numberOfCourts !== null ? { numberOfCourts: suggestion.numberOfCourts } : {}),
    ...(suggestion.closed ? { isActive: false } : {}),
  };
  // Players' corrections outrank the importer: player_edited_at tells it to keep its hands off.
  await tx
    .update(courts)
    .set({ ...changes, playerEditedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(courts.id, courtId));
  return courtId;
}

/**
 * A nearby player's vote ('this is right' or 'this is wrong'); a second vote replaces the first.
 * The suggestion row is locked for the whole vote, so simultaneous votes are counted one after
 * another and the decision — and the court it creates or changes — happens exactly once.
 */
export async function voteOnSuggestion(
  db: Db,
  userId: string,
  suggestionId: number,
  input: SuggestionVoteInput,
): Promise<CourtSuggestion> {
  const [target] = await db
    .select({
      userId: s.userId,
      latitude: s.latitude,
      longitude: s.longitude,
      open: suggestionOpenSql,
    })
    .from(s)
    .where(eq(s.id, suggestionId));
  if (!target) throw notFound(SUGGESTION_NOT_FOUND);
  if (target.userId === userId) throw conflict(OWN_SUGGESTION);
  if (!target.open) throw conflict(SUGGESTION_DECIDED);
  await assertNearby(db, userId, target, input.position);
  const votes = await incrementCounter(db, `suggestion-votes:user:${userId}`, HOUR_MS);
  if (votes > SUGGESTION_VOTES_PER_HOUR) throw tooManyRequests(TOO_MANY_VOTES);

  await withRetry(() =>
    db.transaction(async (tx) => {
      const [suggestion] = await tx
        .select()
        .from(s)
        .where(and(eq(s.id, suggestionId), suggestionOpenSql))
        .for("update");
      if (!suggestion) throw conflict(SUGGESTION_DECIDED);
      if (suggestion.kind === "change" && suggestion.courtId !== null) {
        const [court] = await tx
          .select({ isActive: courts.isActive })
          .from(courts)
          .where(eq(courts.id, suggestion.courtId));
        if (!court?.isActive) throw conflict(COURT_CLOSED);
      }
      await tx
        .insert(v)
        .values({ suggestionId, userId, agree: input.agree })
        .onConflictDoUpdate({
          target: [v.suggestionId, v.userId],
          set: { agree: input.agree, updatedAt: sql`now()` },
        });
      const [tally] = await tx
        .select({
          agree: sql<number>`(count(*) filter (where ${v.agree}))::int`,
          disagree: sql<number>`(count(*) filter (where not ${v.agree}))::int`,
        })
        .from(v)
        .where(eq(v.suggestionId, suggestionId));
      const margin = (tally?.agree ?? 0) - (tally?.disagree ?? 0);
      if (margin >= SUGGESTION_MARGIN) {
        const courtId = await apply(tx, suggestion);
        await tx
          .update(s)
          .set({ status: "accepted", decidedAt: sql`now()`, courtId })
          .where(eq(s.id, suggestionId));
      } else if (-margin >= SUGGESTION_MARGIN) {
        await tx
          .update(s)
          .set({ status: "rejected", decidedAt: sql`now()` })
          .where(eq(s.id, suggestionId));
      }
    }),
  );
  return suggestionById(db, suggestionId, userId);
}

/** The player's own suggestions with their state, newest first. */
export function mySuggestions(db: Queryable, userId: string): Promise<CourtSuggestion[]> {
  return readSuggestions(db, userId, eq(s.userId, userId), desc(s.createdAt), LIST_LIMIT);
}

/**
 * Open suggestions of others within SUGGESTION_NEAR_MILES of the point (else of the player's
 * saved position; none without one), nearest first: what the player can vote on.
 */
export async function nearbySuggestions(
  db: Queryable,
  userId: string,
  point: Position | null,
): Promise<CourtSuggestion[]> {
  let from = point;
  if (!from) {
    const [home] = await db
      .select({ latitude: users.latitude, longitude: users.longitude })
      .from(users)
      .where(eq(users.id, userId));
    if (home?.latitude == null || home.longitude == null) return [];
    from = { latitude: home.latitude, longitude: home.longitude };
  }
  return readSuggestions(
    db,
    userId,
    and(
      suggestionOpenSql,
      ne(s.userId, userId),
      withinSql(s.latitude, s.longitude, from, SUGGESTION_NEAR_MILES),
    ) ?? sql`false`,
    asc(greatCircleSql(s.latitude, s.longitude, from)),
    LIST_LIMIT,
  );
}

/** Open corrections of one court, oldest first (for its page). */
export function courtCorrections(
  db: Queryable,
  courtId: number,
  viewerId: string | null,
): Promise<CourtSuggestion[]> {
  return readSuggestions(
    db,
    viewerId,
    and(eq(s.courtId, courtId), eq(s.kind, "change"), suggestionOpenSql) ?? sql`false`,
    asc(s.createdAt),
    LIST_LIMIT,
  );
}
