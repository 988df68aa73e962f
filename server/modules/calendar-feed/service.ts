import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, exists, gt, or, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { CalendarFeed } from "../../../common/calendar-feed.ts";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { sessionIdOf } from "../../auth/sessions.ts";
import type { Db } from "../../db/client.ts";
import { gameEndsAtSql, gameStatusSql } from "../../db/game-lifecycle.ts";
import { calendarFeeds, courts, gameParticipants, games } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import {
  addGameEvent,
  calendarText,
  type EventGame,
  onZoneClock,
  vtimezone,
} from "./game-event.ts";

/** Games that ended this long ago still show: a calendar keeps last week's runs. */
export const FEED_PAST_DAYS = 30;
/** At most this many games in a feed (the soonest first after the recent ones). */
export const FEED_GAMES_MAX = 500;
/** How often calendars are asked to fetch the feed again. */
const FEED_REFRESH_SECONDS = 3600;

/**
 * The URL's secret: derived from the server's secret and the player's nonce, so Settings can
 * show it again while the database keeps only its hash (a leaked table opens no feed).
 */
function tokenOf(secret: string, userId: string, nonce: string): string {
  return createHmac("sha256", secret)
    .update(`calendar-feed:${userId}:${nonce}`)
    .digest("base64url");
}

function addresses(publicUrl: string, token: string): CalendarFeed {
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

async function writeNonce(db: Db, userId: string, secret: string, replace: boolean) {
  const nonce = randomBytes(16).toString("base64url");
  const tokenHash = sessionIdOf(tokenOf(secret, userId, nonce));
  const insert = db.insert(calendarFeeds).values({ userId, nonce, tokenHash });
  await (replace
    ? insert.onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { nonce, tokenHash, createdAt: sql`now()` },
      })
    : insert.onConflictDoNothing());
}

/** The player's feed addresses, made on first asking. */
export async function calendarFeedOf(
  db: Db,
  userId: string,
  { secret, publicUrl }: { secret: string; publicUrl: string },
): Promise<CalendarFeed> {
  const read = async () =>
    (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0];
  let row = await read();
  if (!row) {
    await writeNonce(db, userId, secret, false);
    row = await read();
  }
  if (!row) throw new Error("calendar feed row missing after insert");
  return addresses(publicUrl, tokenOf(secret, userId, row.nonce));
}

/** A new address; the old one answers 404 from now on. */
export async function resetCalendarFeed(
  db: Db,
  userId: string,
  options: { secret: string; publicUrl: string },
): Promise<CalendarFeed> {
  await writeNonce(db, userId, options.secret, true);
  return calendarFeedOf(db, userId, options);
}

/** The games of a feed: seated or organized, from FEED_PAST_DAYS ago on, soonest first. */
async function feedGames(db: Db, userId: string): Promise<EventGame[]> {
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      status: gameStatusSql,
      scheduledAt: games.scheduledAt,
      endsAt: gameEndsAtSql,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
      gameType: games.gameType,
      courtId: courts.id,
      courtName: courts.name,
      courtAddress: courts.address,
      latitude: courts.latitude,
      longitude: courts.longitude,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        gt(games.scheduledAt, sql`now() - ${sql.raw(`interval '${FEED_PAST_DAYS} days'`)}`),
        or(
          eq(games.organizerId, userId),
          exists(
            db
              .select({ one: sql`1` })
              .from(gameParticipants)
              .where(
                and(eq(gameParticipants.gameId, games.id), eq(gameParticipants.userId, userId)),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(games.scheduledAt))
    .limit(FEED_GAMES_MAX);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    scheduledAt: new Date(row.scheduledAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    currentPlayers: row.currentPlayers,
    maxPlayers: row.maxPlayers,
    gameType: row.gameType,
    court: {
      id: row.courtId,
      name: row.courtName,
      address: row.courtAddress,
      latitude: row.latitude,
      longitude: row.longitude,
      timeZone: timeZoneAt(row.latitude, row.longitude),
    },
  }));
}

/** The feed behind a URL's token as an RFC 5545 calendar; null for an unknown or reset one. */
export async function calendarFeedText(
  db: Db,
  token: string,
  publicUrl: string,
  now: Date = new Date(),
): Promise<string | null> {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sessionIdOf(token)));
  if (!feed) return null;
  const list = await feedGames(db, feed.userId);
  const startsByZone = new Map<string, Date[]>();
  for (const game of list.filter(onZoneClock)) {
    const starts = startsByZone.get(game.court.timeZone) ?? [];
    starts.push(new Date(game.scheduledAt));
    startsByZone.set(game.court.timeZone, starts);
  }
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Pickup games", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: `${PRODUCT_NAME}: my games`,
    ttl: FEED_REFRESH_SECONDS,
    timezone: {
      name: null,
      generator: (zone: string) => vtimezone(zone, startsByZone.get(zone) ?? [now]),
    },
  });
  for (const game of list) addGameEvent(calendar, game, publicUrl, now);
  return calendarText(calendar);
}
