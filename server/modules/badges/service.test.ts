import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.ts";
import { playerBadges } from "../../db/schema.ts";
import { startMaintenance } from "../../maintenance.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
  insertRating,
} from "../../test-support/game-rows.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { awardBadges, awardBadgesForEndedGames } from "./service.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;

let database: Database;
let db: Db;
let courtId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  courtId = await insertCourtRow(db);
});
afterAll(() => database.close());

const typesOf = (awarded: { badgeType: string }[]) => awarded.map((b) => b.badgeType).sort();

/** `count` played games without a result, organized by `organizerId`, `gapHours` apart. */
async function playGames(
  organizerId: string,
  count: number,
  { players = [] as string[], fromHours = -1000, gapHours = 3 } = {},
) {
  for (let i = 0; i < count; i += 1) {
    await insertGameWithPlayers(db, {
      courtId,
      organizerId,
      players,
      startsInHours: fromHours + i * gapHours,
    });
  }
}

/** Decided games in this order ("W" won, "L" lost, "U" undecided), 3 hours apart. */
async function playRecord(me: string, rival: string, record: string, fromHours = -500) {
  let hours = fromHours;
  for (const outcome of record) {
    hours += 3;
    if (outcome === "U") {
      await insertGameWithPlayers(db, {
        courtId,
        organizerId: me,
        players: [rival],
        startsInHours: hours,
      });
    } else {
      const [winners, losers] = outcome === "W" ? [[me], [rival]] : [[rival], [me]];
      await insertDecidedGame(db, { courtId, winners, losers, startsInHours: hours });
    }
  }
}

describe("awardBadges", () => {
  it("does nothing for no players", async () => {
    expect(await awardBadges(db, [])).toEqual([]);
  });

  it("iron_bro at 10 played games: cancelled, running and future games do not count", async () => {
    const me = await insertPlayer(db);
    await playGames(me, 9);
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: me,
      startsInHours: -50,
      status: "cancelled",
    });
    await insertGameWithPlayers(db, { courtId, organizerId: me, startsInHours: -1 }); // running
    await insertGameWithPlayers(db, { courtId, organizerId: me, startsInHours: 5 }); // to come
    expect(await awardBadges(db, [me])).toEqual([]);

    // The 10th: a game whose result was recorded early counts once it ended.
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: me,
      startsInHours: -0.5,
      endedAt: new Date(Date.now() - MINUTE),
    });
    expect(await awardBadges(db, [me])).toEqual([{ userId: me, badgeType: "iron_bro" }]);
  });

  it("legend at 50 played games, awarded once however often it runs", async () => {
    const me = await insertPlayer(db);
    await playGames(me, 49);
    expect(typesOf(await awardBadges(db, [me]))).toEqual(["iron_bro"]);
    await playGames(me, 1, { fromHours: -2000 });
    expect(typesOf(await awardBadges(db, [me]))).toEqual(["legend"]);
    expect(await awardBadges(db, [me, me])).toEqual([]);
    const rows = await db.select().from(playerBadges).where(eq(playerBadges.userId, me));
    expect(rows.map((r) => r.badgeType).sort()).toEqual(["iron_bro", "legend"]);
    expect(rows.every((r) => r.earnedAt instanceof Date)).toBe(true);
  });

  it("hot_shooter needs 3 decided wins in a row; undecided games do not break a run", async () => {
    const me = await insertPlayer(db);
    const rival = await insertPlayer(db);
    await playRecord(me, rival, "WWLWW");
    expect(await awardBadges(db, [me, rival])).toEqual([]);

    const later = await insertPlayer(db);
    await playRecord(later, rival, "WWUW");
    expect(await awardBadges(db, [later])).toEqual([{ userId: later, badgeType: "hot_shooter" }]);
  });

  it("hot_shooter for a run in the past, even after the streak ended", async () => {
    const me = await insertPlayer(db);
    const rival = await insertPlayer(db);
    await playRecord(me, rival, "LWWWLL");
    expect(await awardBadges(db, [me])).toEqual([{ userId: me, badgeType: "hot_shooter" }]);
  });

  it("court_king at 5 wins at one court; wins elsewhere and losses do not add up", async () => {
    const me = await insertPlayer(db);
    const rival = await insertPlayer(db);
    const home = await insertCourtRow(db, { name: "Home" });
    const away = await insertCourtRow(db, { name: "Away" });
    // Under 10 games, never 3 wins in a row, organized by the rival: only court_king is in reach.
    const game = (court: number, won: boolean, hours: number) =>
      insertDecidedGame(db, {
        courtId: court,
        winners: won ? [me] : [rival],
        losers: won ? [rival] : [me],
        startsInHours: hours,
        organizerId: rival,
      });
    const record = [
      [home, true],
      [home, false],
      [home, true],
      [home, true],
      [away, false],
      [home, true],
      [away, true],
      [home, false],
    ] as const;
    for (const [i, [court, won]] of record.entries()) await game(court, won, -400 + i * 10);
    expect(await awardBadges(db, [me])).toEqual([]); // 4 wins at home, 1 away
    await game(home, true, -300);
    expect(await awardBadges(db, [me])).toEqual([{ userId: me, badgeType: "court_king" }]);
  });

  it("shot_caller at 5 organized played games that had at least 2 players", async () => {
    const me = await insertPlayer(db);
    const mate = await insertPlayer(db);
    await playGames(me, 4, { players: [mate] });
    await playGames(me, 1); // alone: not a game anyone else came to
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: me,
      players: [mate],
      startsInHours: -20,
      status: "cancelled",
    });
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: me,
      players: [mate],
      startsInHours: 20,
    });
    // The mate played them, but organized none.
    expect(await awardBadges(db, [me, mate])).toEqual([]);

    await playGames(me, 1, { players: [mate], fromHours: -100 });
    expect(await awardBadges(db, [me, mate])).toEqual([{ userId: me, badgeType: "shot_caller" }]);
  });

  it("mvp at 5 ratings averaging 4.5 or more", async () => {
    const me = await insertPlayer(db);
    const raters = await Promise.all(Array.from({ length: 6 }, () => insertPlayer(db)));
    const gameId = await insertGameWithPlayers(db, {
      courtId,
      organizerId: me,
      players: raters,
      startsInHours: -10,
    });
    const rate = (i: number, rating: number) =>
      insertRating(db, { gameId, raterId: raters[i] as string, rateeId: me, rating });
    for (const [i, rating] of [5, 5, 5, 5].entries()) await rate(i, rating);
    expect(await awardBadges(db, [me])).toEqual([]); // 4 ratings: too few
    await rate(4, 2); // 22 / 5 = 4.4
    expect(await awardBadges(db, [me])).toEqual([]);
    await rate(5, 5); // 27 / 6 = 4.5
    expect(await awardBadges(db, [me])).toEqual([{ userId: me, badgeType: "mvp" }]);
  });

  it("awards each badge once when callers race", async () => {
    const me = await insertPlayer(db);
    const rival = await insertPlayer(db);
    await playRecord(me, rival, "WWWWWWWWWW");
    const results = await Promise.all([
      awardBadges(db, [me]),
      awardBadges(db, [me, rival]),
      awardBadges(db, [rival, me]),
    ]);
    // me: iron_bro, hot_shooter, court_king (10 wins at the one court), shot_caller (organized
    // 10 with the rival); rival: iron_bro.
    expect(typesOf(results.flat())).toEqual([
      "court_king",
      "hot_shooter",
      "iron_bro",
      "iron_bro",
      "shot_caller",
    ]);
    const rows = await db.select().from(playerBadges).where(eq(playerBadges.userId, me));
    expect(rows).toHaveLength(4);
  });

  it("only evaluates the players asked for", async () => {
    const me = await insertPlayer(db);
    await playGames(me, 10);
    const someoneElse = await insertPlayer(db);
    expect(await awardBadges(db, [someoneElse])).toEqual([]);
    expect(await db.select().from(playerBadges).where(eq(playerBadges.userId, me))).toEqual([]);
  });
});

describe("awardBadgesForEndedGames", () => {
  it("awards the players of games that ended since the given time", async () => {
    const since = new Date(Date.now() - 24 * HOUR);
    // Ended 1 hour ago: its players are swept.
    const recent = await insertPlayer(db);
    await playGames(recent, 9, { fromHours: -300 });
    await playGames(recent, 1, { fromHours: -3 });
    // Ended early (result recorded 5 minutes ago).
    const early = await insertPlayer(db);
    await playGames(early, 9, { fromHours: -300 });
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: early,
      startsInHours: -0.5,
      endedAt: new Date(Date.now() - 5 * MINUTE),
    });
    // All their games ended before `since`: left to earlier sweeps.
    const old = await insertPlayer(db);
    await playGames(old, 10, { fromHours: -300 });
    // A cancelled game does not end; a running one has not ended yet.
    const cancelled = await insertPlayer(db);
    await playGames(cancelled, 10, { fromHours: -300 });
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: cancelled,
      startsInHours: -3,
      status: "cancelled",
    });
    const running = await insertPlayer(db);
    await playGames(running, 10, { fromHours: -300 });
    await insertGameWithPlayers(db, { courtId, organizerId: running, startsInHours: -1 });

    const awarded = await awardBadgesForEndedGames(db, since);
    expect(awarded.filter((b) => [old, cancelled, running].includes(b.userId))).toEqual([]);
    expect(awarded).toEqual(
      expect.arrayContaining([
        { userId: recent, badgeType: "iron_bro" },
        { userId: early, badgeType: "iron_bro" },
      ]),
    );
    // A second sweep over the same day finds nothing new.
    expect(await awardBadgesForEndedGames(db, since)).toEqual([]);
  });

  it("runs in the maintenance loop, over the last day", async () => {
    const me = await insertPlayer(db);
    await playGames(me, 9, { fromHours: -300 });
    await playGames(me, 1, { fromHours: -5 });
    const errors: unknown[] = [];
    const stop = startMaintenance(db, (error) => errors.push(error));
    try {
      await expect
        .poll(async () => db.select().from(playerBadges).where(eq(playerBadges.userId, me)))
        .toHaveLength(1);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });
});
