import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, notifications } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertUsers,
} from "../../test-support/game-rows.ts";
import {
  deliveryIdsOf,
  insertPushDevice,
  jobsOf,
  notificationsOf,
} from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { awardBadges } from "../badges/service.ts";
import { createGame, joinGame, leaveGame } from "../games/service.ts";
import { sendGameReminders } from "../reminders/reminders.ts";
import { markAllRead, markRead, unreadCount } from "./inbox.ts";
import { notify } from "./notify.ts";

/**
 * Notifications under pressure. On PostgreSQL (TEST_DATABASE_URL, as in CI) these calls run on
 * a pool of 20 connections at once, so the races are real; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const players = (n: number) => insertUsers(t.db, n);

const settle = <T>(work: Promise<T>[]) => Promise.allSettled(work);

describe("notifications under concurrency", () => {
  it("100 players racing for 20 seats: the organizer hears of exactly the 19 who got one", async () => {
    const [organizer] = await players(1);
    await insertPushDevice(t.db, organizer as string); // so the notices have a delivery job
    const game = await createGame(t.db, organizer as string, {
      courtId,
      title: "Rush",
      scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
      maxPlayers: 20,
      gameType: "pickup",
    });
    const racers = await players(100);
    const results = await settle(racers.map((id) => joinGame(t.db, id, game.id)));
    const seated = racers.filter((_, i) => results[i]?.status === "fulfilled");
    expect(seated).toHaveLength(19);

    const told = await notificationsOf(t.db, organizer as string, "player_joined");
    expect(told.map((n) => n.actorId).sort()).toEqual([...seated].sort());
    const jobs = await jobsOf(t.db, "notification-delivery");
    const toldIds = new Set(told.map((n) => n.id));
    expect(jobs.flatMap(deliveryIdsOf).filter((id) => toldIds.has(id))).toHaveLength(19);
  });

  it("joins and leaves of the same players racing: one notice per seat change, no more", async () => {
    const [organizer, ...crowd] = await players(31);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer as string,
      startsInHours: 30,
      maxPlayers: 30,
    });
    const work = crowd.flatMap((id) => [
      joinGame(t.db, id, gameId),
      leaveGame(t.db, id, gameId),
      joinGame(t.db, id, gameId),
    ]);
    await settle(work);
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    const told = await notificationsOf(t.db, organizer as string);
    const joins = told.filter((n) => n.kind === "player_joined").length;
    const leaves = told.filter((n) => n.kind === "player_left").length;
    // Every seat still held was joined once more than it was left.
    expect(joins - leaves).toBe((game?.currentPlayers ?? 0) - 1);
    expect(new Set(told.map((n) => n.dedupeKey)).size).toBe(told.length);
  });

  it("the same reminder job running twice at once reminds each player once", async () => {
    const [organizer, ...seated] = await players(9);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer as string,
      players: seated,
      startsInHours: 2,
    });
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    const job = { gameId, scheduledAt: game?.scheduledAt.toISOString() ?? "" };
    await settle(
      Array.from({ length: 6 }, () => sendGameReminders(t.db, job, { secret: "s".repeat(32) })),
    );
    for (const id of [organizer as string, ...seated]) {
      expect(await notificationsOf(t.db, id, "game_reminder")).toHaveLength(1);
    }
  });

  it("a badge awarded by racing sweeps is told once", async () => {
    const [me, rival] = await players(2);
    for (let i = 0; i < 10; i++) {
      await insertDecidedGame(t.db, {
        courtId,
        winners: [me as string],
        losers: [rival as string],
        startsInHours: -5 - i * 3,
      });
    }
    await settle(
      Array.from({ length: 8 }, () => awardBadges(t.db, [me as string, rival as string])),
    );
    const badges = await notificationsOf(t.db, me as string, "badge_earned");
    expect(badges.map((n) => (n.payload as { badgeType: string }).badgeType).sort()).toEqual([
      "court_king",
      "hot_shooter",
      "iron_bro",
      "shot_caller",
    ]);
  });

  it("reading while notifications arrive never loses an unread one", async () => {
    const [me, actor] = await players(2);
    const notice = (i: number) => ({
      kind: "badge_earned" as const,
      userId: me as string,
      actorId: actor as string,
      payload: { badgeType: "legend" as const },
      dedupeKey: `race:${i}`,
    });
    await notify(t.db, [notice(0), notice(1), notice(2)]);
    const [first] = await notificationsOf(t.db, me as string);
    const reads = settle(
      Array.from({ length: 5 }, () => markRead(t.db, me as string, first?.id ?? 0)),
    );
    const others = settle<unknown>([
      ...Array.from({ length: 20 }, (_, i) => notify(t.db, [notice(100 + i)])),
      markAllRead(t.db, me as string),
      markAllRead(t.db, me as string),
    ]);
    const [marks, rest] = await Promise.all([reads, others]);
    expect([...marks, ...rest].every((r) => r.status === "fulfilled")).toBe(true);
    const marked = marks.map((r) => (r.status === "fulfilled" ? r.value : 0));
    expect(marked.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    const unreadRows = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, me as string), isNull(notifications.readAt)));
    expect(await unreadCount(t.db, me as string)).toBe(unreadRows.length);
    expect(await notificationsOf(t.db, me as string)).toHaveLength(23);
  });
});
