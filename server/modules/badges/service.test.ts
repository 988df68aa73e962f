import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { badgeQueue, playerBadges } from "../../db/schema.ts";
import { runMaintenance } from "../../maintenance.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
  insertRating,
} from "../../test-support/game-rows.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { awardBadges, awardQueuedBadges, drainQueueSql, QUEUE_BATCH } from "./service.ts";

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

const queued = async () =>
  (await db.select({ userId: badgeQueue.userId }).from(badgeQueue)).map((r) => r.userId);

describe("awardQueuedBadges", () => {
  it("awards the players whose figures moved since the last sweep, and only them", async () => {
    // Nine games each: queued by the kept totals' triggers, swept, nothing earned yet.
    const [recent, early, rated, running, stale] = await Promise.all(
      Array.from({ length: 5 }, () => insertPlayer(db)),
    );
    for (const player of [recent, early, rated, running]) {
      await playGames(player as string, 9, { fromHours: -300 });
    }
    await playGames(stale as string, 10, { fromHours: -300 });
    // Qualifies, but taken off the queue behind the sweep's back: a sweep must not find it.
    await db.delete(badgeQueue).where(eq(badgeQueue.userId, stale as string));
    await awardQueuedBadges(db);
    expect(await queued()).toEqual([]);
    expect(
      await db
        .select()
        .from(playerBadges)
        .where(eq(playerBadges.userId, stale as string)),
    ).toEqual([]);

    // A rating received moves the figures too: five of 5 make an MVP (four swept already).
    const raters = await Promise.all(Array.from({ length: 5 }, () => insertPlayer(db)));
    const gameId = await insertGameWithPlayers(db, {
      courtId,
      organizerId: rated as string,
      players: raters,
      startsInHours: -400,
    });
    const rate = (rater: string) =>
      insertRating(db, { gameId, raterId: rater, rateeId: rated as string, rating: 5 });
    for (const rater of raters.slice(0, 4)) await rate(rater);
    // Their tenth game: iron_bro now; four ratings are too few for MVP.
    expect(await awardQueuedBadges(db)).toEqual([{ userId: rated, badgeType: "iron_bro" }]);
    // A tenth game that ended an hour ago; one ended early (result recorded 5 minutes ago).
    await playGames(recent as string, 1, { fromHours: -3 });
    await insertGameWithPlayers(db, {
      courtId,
      organizerId: early as string,
      startsInHours: -0.5,
      endedAt: new Date(Date.now() - 5 * MINUTE),
    });
    await rate(raters[4] as string);
    // The stale player plays again.
    await playGames(stale as string, 1, { fromHours: -2.5 });
    // A running game has not ended: nothing moved.
    await insertGameWithPlayers(db, { courtId, organizerId: running as string, startsInHours: -1 });

    const awarded = await awardQueuedBadges(db);
    expect(awarded.filter((b) => b.userId === running)).toEqual([]);
    expect(awarded).toEqual(
      expect.arrayContaining([
        { userId: recent, badgeType: "iron_bro" },
        { userId: early, badgeType: "iron_bro" },
        { userId: rated, badgeType: "mvp" },
        { userId: stale, badgeType: "iron_bro" },
      ]),
    );
    expect(await queued()).toEqual([]);
    // Nothing moved since: the next sweep finds nothing.
    expect(await awardQueuedBadges(db)).toEqual([]);
  });

  it("with nothing queued, reads the queue's index and no player rows", async () => {
    await awardQueuedBadges(db);
    const [plan] = await queryRows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (analyze, format json) ${drainQueueSql(QUEUE_BATCH)}`,
    );
    const relations = new Set<string>();
    const walk = (node: Record<string, unknown>) => {
      if (typeof node["Relation Name"] === "string") relations.add(node["Relation Name"]);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const root = (plan?.["QUERY PLAN"] as { Plan: Record<string, unknown> }[] | undefined)?.[0]
      ?.Plan;
    walk(root ?? {});
    expect([...relations]).toEqual(["badge_queue"]);
    expect(root?.["Actual Rows"]).toBe(0);
    expect(await awardQueuedBadges(db)).toEqual([]);
  });

  it("loses no change committed while a sweep runs (a pool on PostgreSQL)", async () => {
    const racers = await Promise.all(Array.from({ length: 12 }, () => insertPlayer(db)));
    for (const racer of racers) await playGames(racer, 9, { fromHours: -300 });
    // Their nine games are queued, not swept: each writer meets its player's queued row. The sweep
    // starts once every writer has made its change and before any commits (on PGlite, where
    // transactions take turns, after they all did).
    let written = 0;
    let allWritten = () => {};
    const everyoneWrote = new Promise<void>((resolve) => {
      allWritten = resolve;
    });
    const writes = racers.map((racer, i) =>
      db.transaction(async (tx) => {
        await insertGameWithPlayers(tx, { courtId, organizerId: racer, startsInHours: -250 - i });
        written += 1;
        if (written === racers.length) allWritten();
        await tx.execute(sql`select pg_sleep(0.1)`);
      }),
    );
    await everyoneWrote;
    await awardQueuedBadges(db);
    await Promise.all(writes);
    await awardQueuedBadges(db);
    const held = await db
      .select({ userId: playerBadges.userId })
      .from(playerBadges)
      .where(and(inArray(playerBadges.userId, racers), eq(playerBadges.badgeType, "iron_bro")));
    expect(held.map((r) => r.userId).sort()).toEqual([...racers].sort());
  });

  it("runs in the maintenance run", async () => {
    const me = await insertPlayer(db);
    await playGames(me, 9, { fromHours: -300 });
    await playGames(me, 1, { fromHours: -5 });
    await runMaintenance(db);
    expect(await db.select().from(playerBadges).where(eq(playerBadges.userId, me))).toHaveLength(1);
  });
});
