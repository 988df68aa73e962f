import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGameTime } from "../../../common/game-time.ts";
import { queryRows } from "../../db/query-rows.ts";
import { gameLine, games, liveEvents, notifications, users } from "../../db/schema.ts";
import { cacheForecastAtStart } from "../../test-support/forecast-rows.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertUsers,
} from "../../test-support/game-rows.ts";
import { notedTransactions } from "../../test-support/noted-transactions.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { renderRow } from "../notifications/kinds.ts";
import { claimDueSql, decideDueGames, SWEEP_BATCH } from "./decision-sweep.ts";

/**
 * The go/no-go decision (issue 32 point 3) against a real database: on PostgreSQL
 * (TEST_DATABASE_URL) the parallel sweeps race on a pool; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  // Venice Beach: decisions read on Pacific time.
  courtId = await insertCourtRow(t.db, {
    name: "Venice Beach Courts",
    latitude: 33.985,
    longitude: -118.472,
  });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A game with an organizer, `others` more seated, a minimum, decided 3 h before its start. */
async function gameWith(options: {
  others: number;
  minPlayers: number | null;
  startsInHours: number;
  playAnyway?: boolean;
  maxPlayers?: number;
  status?: "open" | "cancelled";
}) {
  const [organizerId, ...players] = await insertUsers(t.db, options.others + 1);
  const id = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizerId as string,
    players,
    startsInHours: options.startsInHours,
    minPlayers: options.minPlayers,
    playAnyway: options.playAnyway ?? false,
    ...(options.maxPlayers ? { maxPlayers: options.maxPlayers } : {}),
    ...(options.status ? { status: options.status } : {}),
  });
  return { id, seated: [organizerId as string, ...players] };
}

const gameRow = async (id: number) => {
  const [row] = await t.db.select().from(games).where(eq(games.id, id));
  if (!row) throw new Error("no game");
  return row;
};

// Each test's players are its own: their notices are about its games.
const kindsFor = async (userIds: string[], _gameId?: number) => {
  const rows = await t.db
    .select({ userId: notifications.userId, kind: notifications.kind })
    .from(notifications)
    .where(inArray(notifications.userId, userIds));
  return rows.map((r) => `${r.userId}:${r.kind}`).sort();
};

describe("the go/no-go decision sweep", () => {
  it("keeps decide_at at the start less the decision time, through a move", async () => {
    const { id } = await gameWith({ others: 0, minPlayers: 4, startsInHours: 30 });
    let row = await gameRow(id);
    expect(row.decideAt?.getTime()).toBe(row.scheduledAt.getTime() - 180 * 60_000);
    const moved = new Date(row.scheduledAt.getTime() + 5 * HOUR);
    await t.db
      .update(games)
      .set({ scheduledAt: moved, decideBeforeMinutes: 30 })
      .where(eq(games.id, id));
    row = await gameRow(id);
    expect(row.decideAt?.getTime()).toBe(moved.getTime() - 30 * 60_000);
  });

  it("below the minimum: the game is cancelled and everyone seated or in line is told why", async () => {
    // Starts in 2 h, decided 3 h before: the decision is due.
    const { id, seated } = await gameWith({
      others: 2,
      minPlayers: 8,
      startsInHours: 2,
      maxPlayers: 3,
    });
    const [waiting] = await insertUsers(t.db, 1);
    await t.db.insert(gameLine).values({ gameId: id, userId: waiting as string });
    const eventsBefore = (await t.db.select().from(liveEvents)).length;

    expect(await decideDueGames(t.db)).toBeGreaterThanOrEqual(1);

    const row = await gameRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.decision).toBe("off");
    expect(row.decidedAt).not.toBeNull();
    expect(await t.db.select().from(gameLine).where(eq(gameLine.gameId, id))).toEqual([]);
    for (const userId of [...seated, waiting as string]) {
      const told = await notificationsOf(t.db, userId, "game_cancelled");
      expect(told).toHaveLength(1);
      const { body } = renderRow(told[0] as { kind: string; payload: unknown });
      expect(body).toMatch(
        /^Called off: 3 of 8 players by (\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d{2} [AP]M PT\. The game of /,
      );
    }
    const events = await t.db.select().from(liveEvents);
    expect(events.slice(eventsBefore).map((e) => e.data)).toContainEqual({
      type: "game.changed",
      gameId: id,
      courtId,
    });
  });

  it("at the minimum: everyone seated, the organizer too, hears 'Game on'", async () => {
    const { id, seated } = await gameWith({ others: 3, minPlayers: 4, startsInHours: 2 });
    await decideDueGames(t.db);
    const row = await gameRow(id);
    expect(row.status).toBe("open");
    expect(row.decision).toBe("on");
    for (const userId of seated) {
      const told = await notificationsOf(t.db, userId, "game_on");
      expect(told).toHaveLength(1);
      expect(renderRow(told[0] as { kind: string; payload: unknown }).body).toMatch(
        /^4 players are in for /,
      );
      expect(await notificationsOf(t.db, userId, "game_cancelled")).toEqual([]);
    }
  });

  it("'Game on' carries the cached forecast of the start hour in each player's units", async () => {
    const rainyCourt = await insertCourtRow(t.db, {
      name: "Rancho Park",
      latitude: 34.04,
      longitude: -118.42,
    });
    const [organizerId, visitor] = await insertUsers(t.db, 2);
    await t.db
      .update(users)
      .set({ country: "Germany" })
      .where(eq(users.id, visitor as string));
    const rainy = await insertGameWithPlayers(t.db, {
      courtId: rainyCourt,
      organizerId: organizerId as string,
      players: [visitor as string],
      startsInHours: 2,
      minPlayers: 2,
    });
    await cacheForecastAtStart(t.db, rainy);
    await decideDueGames(t.db);
    const bodyOf = async (userId: string) => {
      const told = await notificationsOf(t.db, userId, "game_on");
      expect(told).toHaveLength(1);
      return renderRow(told[0] as { kind: string; payload: unknown }).body;
    };
    const start = formatGameTime((await gameRow(rainy)).scheduledAt, "America/Los_Angeles");
    expect(await bodyOf(organizerId as string)).toBe(
      `2 players are in for ${start} at Rancho Park. Forecast at tip-off: Rain 60% · 54°F · wind 12 mph (Open-Meteo.com).`,
    );
    expect(await bodyOf(visitor as string)).toBe(
      `2 players are in for ${start} at Rancho Park. Forecast at tip-off: Rain 60% · 12°C · wind 19 km/h (Open-Meteo.com).`,
    );
  });

  it("'Game on' without a cached forecast reads as before", async () => {
    const { id, seated } = await gameWith({ others: 1, minPlayers: 2, startsInHours: 2 });
    await decideDueGames(t.db);
    const start = formatGameTime((await gameRow(id)).scheduledAt, "America/Los_Angeles");
    const [told] = await notificationsOf(t.db, seated[1] as string, "game_on");
    expect(renderRow(told as { kind: string; payload: unknown }).body).toBe(
      `2 players are in for ${start} at Venice Beach Courts.`,
    );
  });

  it("below the minimum with 'play anyway': the game is on", async () => {
    const { id, seated } = await gameWith({
      others: 1,
      minPlayers: 6,
      startsInHours: 2,
      playAnyway: true,
    });
    await decideDueGames(t.db);
    expect((await gameRow(id)).decision).toBe("on");
    expect((await gameRow(id)).status).toBe("open");
    expect(await notificationsOf(t.db, seated[1] as string, "game_on")).toHaveLength(1);
  });

  it("decides at its time, not before", async () => {
    const { id } = await gameWith({ others: 0, minPlayers: 2, startsInHours: 10 });
    const decideAt = (await gameRow(id)).decideAt as Date;
    await decideDueGames(t.db, () => new Date(decideAt.getTime() - 1000));
    expect((await gameRow(id)).decidedAt).toBeNull();
    await decideDueGames(t.db, () => decideAt);
    const row = await gameRow(id);
    expect(row.decision).toBe("off");
    expect(row.decidedAt?.getTime()).toBe(decideAt.getTime());
  });

  it("skips cancelled games, games without a minimum and games not yet due", async () => {
    const cancelled = await gameWith({
      others: 0,
      minPlayers: 4,
      startsInHours: 2,
      status: "cancelled",
    });
    const none = await gameWith({ others: 0, minPlayers: null, startsInHours: 2 });
    const later = await gameWith({ others: 0, minPlayers: 4, startsInHours: 30 });
    await decideDueGames(t.db);
    for (const game of [cancelled, none, later]) {
      const row = await gameRow(game.id);
      expect(row.decidedAt).toBeNull();
      expect(row.decision).toBeNull();
    }
    expect(await kindsFor([...cancelled.seated, ...none.seated, ...later.seated], 1)).toEqual([]);
  });

  it("a game whose start passed undecided (every instance down) is closed without a notice", async () => {
    const { id, seated } = await gameWith({ others: 0, minPlayers: 4, startsInHours: -0.5 });
    await decideDueGames(t.db);
    const row = await gameRow(id);
    expect(row.decidedAt).not.toBeNull();
    expect(row.decision).toBeNull();
    expect(row.status).toBe("open");
    expect(await kindsFor(seated, id)).toEqual([]);
  });

  it("decides once: a second sweep finds nothing", async () => {
    const { id, seated } = await gameWith({ others: 1, minPlayers: 2, startsInHours: 2 });
    await decideDueGames(t.db);
    const first = await gameRow(id);
    expect(await decideDueGames(t.db)).toBe(0);
    expect((await gameRow(id)).decidedAt).toEqual(first.decidedAt);
    expect(await kindsFor(seated, id)).toEqual(seated.map((u) => `${u}:game_on`).sort());
  });

  it(`decides more than a batch (${SWEEP_BATCH}) of due games in one run`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < SWEEP_BATCH + 15; i++) {
      ids.push(
        (await gameWith({ others: 0, minPlayers: 2, startsInHours: 1, playAnyway: true })).id,
      );
    }
    expect(await decideDueGames(t.db)).toBe(SWEEP_BATCH + 15);
    const rows = await t.db
      .select({ decision: games.decision })
      .from(games)
      .where(inArray(games.id, ids));
    expect(rows.every((r) => r.decision === "on")).toBe(true);
  });

  it("decides a few games per transaction, letting a request in between", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(
        (await gameWith({ others: 0, minPlayers: 2, startsInHours: 1, playAnyway: true })).id,
      );
    }
    const order: string[] = [];
    expect(await decideDueGames(notedTransactions(t.db, order))).toBe(25);
    // The first batch is ten games; the request runs before the second.
    expect(order.slice(0, 3)).toEqual(["batch 1", "request", "batch 2"]);
    const rows = await t.db
      .select({ decision: games.decision })
      .from(games)
      .where(inArray(games.id, ids));
    expect(rows.map((r) => r.decision)).toEqual(ids.map(() => "on"));
  });

  it("two sweeps in parallel: each game decided once, one notice per player", async () => {
    const on = await Promise.all(
      Array.from({ length: 12 }, () => gameWith({ others: 3, minPlayers: 3, startsInHours: 2 })),
    );
    const off = await Promise.all(
      Array.from({ length: 12 }, () => gameWith({ others: 1, minPlayers: 5, startsInHours: 2 })),
    );
    const [a, b] = await Promise.all([decideDueGames(t.db), decideDueGames(t.db)]);
    expect(a + b).toBe(24);
    for (const game of on) {
      expect(await kindsFor(game.seated, game.id)).toEqual(
        game.seated.map((u) => `${u}:game_on`).sort(),
      );
    }
    for (const game of off) {
      expect((await gameRow(game.id)).status).toBe("cancelled");
      expect(await kindsFor(game.seated, game.id)).toEqual(
        game.seated.map((u) => `${u}:game_cancelled`).sort(),
      );
    }
  });

  it("finds due games through the partial index of undecided ones, not the games table", async () => {
    const [organizer] = await insertUsers(t.db, 1);
    // 20,000 upcoming games, a tenth of them with a go/no-go.
    await t.db.execute(sql`insert into ${games} (court_id, organizer_id, scheduled_at, min_players)
      select ${courtId}, ${organizer as string}, now() + (i || ' minutes')::interval + interval '1 day',
        case when i % 10 = 0 then 4 end
      from generate_series(1, 20000) as i`);
    await t.db.execute(sql`analyze ${games}`);
    const plan = await t.db.transaction(async (tx) => {
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain ${claimDueSql(new Date())}`,
      );
      // Only the plan is wanted: nothing of the explained statement runs.
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("games_undecided_idx");
    expect(plan).not.toMatch(/Seq Scan on games/);
  });
});
