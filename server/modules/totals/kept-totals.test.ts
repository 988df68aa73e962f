import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import {
  gameParticipants,
  games,
  playerBadges,
  playerProfiles,
  userSettings,
  users,
} from "../../db/schema.ts";
import { HttpError } from "../../lib/http-error.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import {
  badgesByDefinition,
  boardByDefinition,
  citiesByDefinition,
  citySpellingsByDefinition,
  figuresByDefinition,
  keptCitySpellings,
  keptFigures,
} from "../../test-support/totals-oracle.ts";
import { deleteAccountData } from "../account/delete-account.ts";
import { awardBadges } from "../badges/service.ts";
import { checkIn, checkOut } from "../checkins/service.ts";
import { ratePlayers } from "../games/ratings.ts";
import { recordResult } from "../games/results.ts";
import { cancelGame, joinGame, leaveGame } from "../games/service.ts";
import {
  leaderboardCities,
  leaderboardGlobal,
  leaderboardLocal,
  leaderboardWeekly,
} from "../leaderboard/service.ts";
import { playerStats } from "../profile/service.ts";
import { expireWeeklyTotals, settleEndedGames } from "./settle.ts";

/**
 * The kept totals (decision 052) against the definitions (decision 017) computed the old way,
 * by aggregating every seat (server/test-support/totals-oracle.ts): after any sequence of
 * games, seats, results, ratings, check-ins and time passing, once the settling sweep has run.
 * On PostgreSQL (TEST_DATABASE_URL) the last test runs the writes at once on a pool.
 */

/** Where players live: the same city in three spellings, another, and none. */
const PLACES = [
  { city: "Austin", state: "TX" },
  { city: "AUSTIN", state: "tx" },
  { city: "Dallas", state: "TX" },
  { city: null, state: null },
  { city: "austin", state: "Tx" },
] as const;
const BOARDS = [
  { city: "austin", state: "TX" },
  { city: "Dallas", state: "tx" },
];

let database: Database;
let players: string[];
let courtIds: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  players = [];
  for (let i = 0; i < 6; i++) {
    const { city, state } = PLACES[i % 3] as (typeof PLACES)[number];
    players.push(await insertPlayer(db, { nickname: `Hooper ${i}`, city, state }));
  }
  // One without a profile: counted in the totals, never on a board.
  players.push(await insertPlayer(db, { nickname: null, city: "Austin", state: "TX" }));
  courtIds = [await insertCourtRow(db), await insertCourtRow(db, { name: "Second Court" })];
});
afterAll(() => database.close());

/** Refusals (full game, not started, not a player...) are part of the sequence; nothing else. */
async function refusedOk(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
}

/**
 * Time passes for one game, with no write (triggers off, as the clock writes nothing): a
 * counted game moves back with everything stored about it; one not yet counted ends 10
 * minutes ago, so only the settling sweep can find it.
 */
async function clockPasses(gameId: number, hours: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const shift = sql`${hours} * interval '1 hour'`;
    const [settled] = await tx
      .execute(sql`select 1 from settled_games where game_id = ${gameId}`)
      .then((r) => (r as unknown as { rows: unknown[] }).rows);
    if (settled) {
      await tx.execute(sql`update games set scheduled_at = scheduled_at - ${shift},
        ended_at = ended_at - ${shift} where id = ${gameId}`);
      await tx.execute(
        sql`update settled_games set ends_at = ends_at - ${shift} where game_id = ${gameId}`,
      );
      await tx.execute(
        sql`update player_games set ends_at = ends_at - ${shift} where game_id = ${gameId}`,
      );
    } else {
      await tx.execute(sql`update games set scheduled_at = now() - interval '130 minutes'
        where id = ${gameId} and ended_at is null`);
    }
  });
}

async function gameSeats(gameId: number): Promise<string[]> {
  const rows = await database.db
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(eq(gameParticipants.gameId, gameId));
  return rows.map((r) => r.userId).sort();
}

async function organizerOf(gameId: number): Promise<string> {
  const [row] = await database.db
    .select({ organizerId: games.organizerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw new Error(`no game ${gameId}`);
  return row.organizerId;
}

const player = fc.integer({ min: 0, max: 6 });
/** Hours from now: running, ended today, days ago, past the weekly window, still to come. */
const start = fc.constantFrom(-1, -3, -30, -100, -200, 24, 48);
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("game" as const),
      organizer: player,
      others: fc.uniqueArray(player, { maxLength: 5 }),
      court: fc.integer({ min: 0, max: 1 }),
      startsInHours: start,
      maxPlayers: fc.integer({ min: 2, max: 6 }),
    }),
  },
  fc.record({ kind: fc.constant("join" as const), who: player, game: fc.nat() }),
  fc.record({ kind: fc.constant("leave" as const), who: player, game: fc.nat() }),
  fc.record({ kind: fc.constant("cancel" as const), game: fc.nat() }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("result" as const),
      game: fc.nat(),
      teams: fc.nat(),
      aWins: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant("rate" as const),
    who: player,
    ratee: player,
    game: fc.nat(),
    rating: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({
    kind: fc.constant("checkIn" as const),
    who: player,
    court: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant("checkOut" as const), who: player }),
  fc.record({
    kind: fc.constant("move" as const),
    who: player,
    to: fc.integer({ min: 0, max: PLACES.length - 1 }),
  }),
  fc.record({ kind: fc.constant("profile" as const), who: player, has: fc.boolean() }),
  fc.record({
    kind: fc.constant("privacy" as const),
    who: player,
    showLocation: fc.boolean(),
    showStats: fc.boolean(),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("clock" as const),
      game: fc.nat(),
      hours: fc.constantFrom(1, 30, 170),
    }),
  },
  fc.record({ kind: fc.constant("sweep" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function run(ops: Op[], gameIds: number[]): Promise<void> {
  const db = database.db;
  const pick = (n: number) => gameIds[n % gameIds.length];
  for (const o of ops) {
    const gameId = "game" in o && gameIds.length > 0 ? pick(o.game) : undefined;
    switch (o.kind) {
      case "game": {
        const organizerId = players[o.organizer] as string;
        const others = o.others.filter((i) => i !== o.organizer).map((i) => players[i] as string);
        gameIds.push(
          await insertGameWithPlayers(db, {
            courtId: courtIds[o.court] as number,
            organizerId,
            players: others,
            startsInHours: o.startsInHours,
            // Never below the seats taken: a full game refuses joins (and may promote on leave).
            maxPlayers: Math.max(o.maxPlayers, others.length + 1),
          }),
        );
        break;
      }
      case "join":
        if (gameId) await refusedOk(() => joinGame(db, players[o.who] as string, gameId));
        break;
      case "leave":
        if (gameId) await refusedOk(() => leaveGame(db, players[o.who] as string, gameId));
        break;
      case "cancel":
        if (gameId) await refusedOk(async () => cancelGame(db, await organizerOf(gameId), gameId));
        break;
      case "result": {
        if (!gameId) break;
        const seats = await gameSeats(gameId);
        if (seats.length < 2) break;
        // Every seat on a team, both teams filled: the bits of `teams` split the seats.
        const teams = Object.fromEntries(
          seats.map((id, i) => [id, (o.teams >> i) & 1 ? "A" : "B"] as const),
        );
        teams[seats[0] as string] = "A";
        teams[seats[1] as string] = "B";
        const scores = o.aWins ? [21, 15] : [12, 21];
        await refusedOk(async () =>
          recordResult(db, await organizerOf(gameId), gameId, {
            teamAScore: scores[0] as number,
            teamBScore: scores[1] as number,
            teams,
          }),
        );
        break;
      }
      case "rate":
        if (gameId && o.who !== o.ratee) {
          await refusedOk(() =>
            ratePlayers(db, players[o.who] as string, gameId, {
              ratings: [{ userId: players[o.ratee] as string, rating: o.rating }],
            }),
          );
        }
        break;
      case "checkIn":
        await refusedOk(() => checkIn(db, players[o.who] as string, courtIds[o.court] as number));
        break;
      case "checkOut":
        await checkOut(db, players[o.who] as string);
        break;
      case "move": {
        const { city, state } = PLACES[o.to] as (typeof PLACES)[number];
        await db
          .update(users)
          .set({ city, state })
          .where(eq(users.id, players[o.who] as string));
        break;
      }
      case "profile": {
        const userId = players[o.who] as string;
        if (o.has) {
          await db
            .insert(playerProfiles)
            .values({ userId, nickname: "Back again", primaryPosition: "Center" })
            .onConflictDoNothing();
        } else {
          await db.delete(playerProfiles).where(eq(playerProfiles.userId, userId));
        }
        break;
      }
      case "privacy": {
        const { showLocation, showStats } = o;
        await db
          .insert(userSettings)
          .values({ userId: players[o.who] as string, showLocation, showStats })
          .onConflictDoUpdate({ target: userSettings.userId, set: { showLocation, showStats } });
        break;
      }
      case "clock":
        if (gameId) await clockPasses(gameId, o.hours);
        break;
      case "sweep":
        await settleEndedGames(db);
        await expireWeeklyTotals(db);
        break;
    }
  }
}

/** After the sweep, every kept figure and every reader equals its definition. */
async function expectTotalsTrue(): Promise<void> {
  const db = database.db;
  await settleEndedGames(db);
  await expireWeeklyTotals(db);
  const expected = await figuresByDefinition(db);
  expect(Object.fromEntries(await keptFigures(db))).toEqual(Object.fromEntries(expected));

  for (const id of players) {
    const figures = expected.get(id);
    if (!figures) throw new Error(`no figures for ${id}`);
    const stats = await playerStats(db, id);
    expect({
      gamesPlayed: stats.gamesPlayed,
      wins: stats.wins,
      points: stats.points,
      courtsVisited: stats.courtsVisited,
      brosConnected: stats.brosConnected,
      avgRating: stats.avgRating,
      totalHours: stats.totalHours,
      streak: stats.streak,
      winRate: stats.winRate,
    }).toEqual({
      gamesPlayed: figures.played,
      wins: figures.wins,
      points: figures.points,
      courtsVisited: figures.courts,
      brosConnected: figures.bros,
      avgRating: figures.avgRating,
      totalHours: figures.hours,
      streak: figures.streak,
      winRate: figures.decided === 0 ? 0 : Math.round((100 * figures.wins) / figures.decided),
    });
  }

  const board = (rows: { id: string; gamesPlayed: number; wins: number; points: number }[]) =>
    rows.map(({ id, gamesPlayed, wins, points }) => ({ id, gamesPlayed, wins, points }));
  expect(board(await leaderboardGlobal(db))).toEqual(await boardByDefinition(db, "global"));
  expect(board(await leaderboardWeekly(db))).toEqual(await boardByDefinition(db, "weekly"));
  for (const place of BOARDS) {
    expect(board(await leaderboardLocal(db, place))).toEqual(
      await boardByDefinition(db, "global", place),
    );
  }

  expect(await leaderboardCities(db)).toEqual(await citiesByDefinition(db));
  expect(await keptCitySpellings(db)).toEqual({
    spellings: await citySpellingsByDefinition(db),
    unsummed: 0,
  });

  // Badges are never taken back: what the kept rules award now qualifies now, and everything
  // that qualifies is held once they ran.
  const qualifying = await badgesByDefinition(db, players);
  const awarded = (await awardBadges(db, players)).map((b) => `${b.userId}:${b.badgeType}`);
  for (const badge of awarded) expect(qualifying).toContain(badge);
  const held = (await db.select().from(playerBadges)).map((b) => `${b.userId}:${b.badgeType}`);
  for (const badge of qualifying) expect(held).toContain(badge);
}

describe("kept totals", () => {
  it("equal the definitions after any sequence of writes and time passing", async () => {
    const gameIds: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        await run(ops, gameIds);
        await expectTotalsTrue();
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it("stay true when results, seats, ratings, check-ins and the sweep run at once", async () => {
    const db = database.db;
    const [a, b, c, d, e, f] = players as [string, string, string, string, string, string];
    // Running games sharing players, each to be ended by its result at the same moment.
    const running: number[] = [];
    for (let i = 0; i < 8; i++) {
      const seats = [a, b, c, d, e, f].slice(i % 3, (i % 3) + 4);
      running.push(
        await insertGameWithPlayers(db, {
          courtId: courtIds[i % 2] as number,
          organizerId: seats[0] as string,
          players: seats.slice(1),
          startsInHours: -1,
        }),
      );
    }
    const upcoming = await insertGameWithPlayers(db, {
      courtId: courtIds[0] as number,
      organizerId: a,
      startsInHours: 24,
      maxPlayers: 10,
    });
    // Ended by the clock a moment ago, for the sweeps.
    const ended: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await insertGameWithPlayers(db, {
        courtId: courtIds[1] as number,
        organizerId: players[i] as string,
        players: [players[i + 1] as string, players[i + 2] as string],
        startsInHours: 24,
      });
      await clockPasses(id, 0);
      ended.push(id);
    }
    // A game over with its result, every player to rate all the others at once (half of them
    // listing the ratees the other way round), while its kept ratings move.
    const rated = await insertGameWithPlayers(db, {
      courtId: courtIds[0] as number,
      organizerId: a,
      players: [b, c, d, e, f],
      startsInHours: -1,
    });
    const ratedSeats = await gameSeats(rated);
    await recordResult(db, a, rated, {
      teamAScore: 21,
      teamBScore: 19,
      teams: Object.fromEntries(ratedSeats.map((s, j) => [s, j % 2 ? "B" : "A"] as const)),
    });
    // Everyone shown, the movers in Austin until they move.
    await db.delete(userSettings);
    await db
      .update(users)
      .set({ city: "Austin", state: "TX" })
      .where(inArray(users.id, [a, d, players[6] as string]));
    await Promise.all([
      ...ratedSeats.map((rater, i) => {
        const ratees = ratedSeats.filter((s) => s !== rater);
        if (i % 2) ratees.reverse();
        return ratePlayers(db, rater, rated, {
          ratings: ratees.map((userId, j) => ({ userId, rating: ((i + j) % 5) + 1 })),
        });
      }),
      ...running.map(async (id, i) => {
        const seats = await gameSeats(id);
        const teams = Object.fromEntries(seats.map((s, j) => [s, j % 2 ? "B" : "A"] as const));
        return recordResult(db, await organizerOf(id), id, {
          teamAScore: i % 2 ? 10 : 21,
          teamBScore: 15,
          teams,
        });
      }),
      ...[b, c, d, e, f].map((p) => refusedOk(() => joinGame(db, p, upcoming))),
      ...[c, e].map((p) => refusedOk(() => leaveGame(db, p, upcoming))),
      ...[a, b, c, d].map((p, i) => checkIn(db, p, courtIds[i % 2] as number)),
      // Moving while their totals move: the board must find them where they live now.
      ...[a, d, players[6] as string].map((p) =>
        db.update(users).set({ city: "dallas", state: "tx" }).where(eq(users.id, p)),
      ),
      settleEndedGames(db, 2),
      settleEndedGames(db, 2),
      expireWeeklyTotals(db),
    ]);
    await expectTotalsTrue();
  }, 120_000);

  it("keep the cities list when first games, moves, privacy, profiles and deletions run at once", async () => {
    const db = database.db;
    // Newcomers with no game yet, each in a spelling of Austin or in Dallas.
    const newcomers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { city, state } = PLACES[[0, 1, 4, 2][i % 4] as number] as (typeof PLACES)[number];
      newcomers.push(await insertPlayer(db, { nickname: `Rookie ${i}`, city, state }));
    }
    const noProfile = await insertPlayer(db, { nickname: null, city: "Austin", state: "TX" });
    const [n0, n1, n2, n3, n4, n5, n6, n7] = newcomers as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await db.insert(userSettings).values({ userId: n3, showLocation: false });
    // Running games whose results are the newcomers' first played games.
    const firsts: number[] = [];
    for (const seats of [
      [n0, n1, n2],
      [n3, n4, noProfile],
      [n5, n6, n7],
      [n1, n4, n6],
    ]) {
      firsts.push(
        await insertGameWithPlayers(db, {
          courtId: courtIds[0] as number,
          organizerId: seats[0] as string,
          players: seats.slice(1),
          startsInHours: -1,
        }),
      );
    }
    await Promise.all([
      ...firsts.map(async (id, i) => {
        const seats = await gameSeats(id);
        return recordResult(db, await organizerOf(id), id, {
          teamAScore: i % 2 ? 10 : 21,
          teamBScore: 15,
          teams: Object.fromEntries(seats.map((s, j) => [s, j % 2 ? "B" : "A"] as const)),
        });
      }),
      // Moving between spellings and cities while their first games count.
      ...(
        [
          [n0, "AUSTIN", "tx"],
          [n1, "Dallas", "TX"],
          [n5, "austin", "Tx"],
          [n6, "Austin", "TX"],
        ] as const
      ).map(([p, city, state]) => db.update(users).set({ city, state }).where(eq(users.id, p))),
      // Showing and hiding.
      db
        .insert(userSettings)
        .values({ userId: n3, showLocation: true })
        .onConflictDoUpdate({ target: userSettings.userId, set: { showLocation: true } }),
      db.insert(userSettings).values({ userId: n7, showStats: false }),
      db.insert(userSettings).values({ userId: n2, showLocation: false }),
      // A profile made, one taken away, an account deleted.
      db
        .insert(playerProfiles)
        .values({ userId: noProfile, nickname: "Late", primaryPosition: "Center" }),
      db.delete(playerProfiles).where(eq(playerProfiles.userId, n4)),
      deleteAccountData(db, n0),
    ]);
    await expectTotalsTrue();
    // The newcomers really moved the list: the oracle is not comparing two empty lists.
    const austin = (await leaderboardCities(db)).find((c) => c.city.toLowerCase() === "austin");
    expect(austin?.players).toBeGreaterThan(0);
  }, 120_000);
  it("keep a privacy change, a move and a profile made while the first game's totals row is uncommitted", async () => {
    const db = database.db;
    const [host, hider, mover, late] = [
      await insertPlayer(db, { nickname: "Host", city: "Dallas", state: "TX" }),
      await insertPlayer(db, { nickname: "Hider", city: "Dallas", state: "TX" }),
      await insertPlayer(db, { nickname: "Mover", city: "Dallas", state: "TX" }),
      await insertPlayer(db, { nickname: null, city: "Dallas", state: "TX" }),
    ];
    const game = await insertGameWithPlayers(db, {
      courtId: courtIds[1] as number,
      organizerId: host,
      players: [hider, mover, late],
      startsInHours: -1,
    });
    const seats = await gameSeats(game);
    // As for players who made their profile before the kept counts: no totals row yet.
    await db.execute(sql`delete from player_totals where user_id in (${hider}, ${mover})`);
    // The first game's totals rows written and not yet committed when the other writes start:
    // on PostgreSQL they must wait for them, not miss them.
    let others: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await recordResult(tx, host, game, {
        teamAScore: 21,
        teamBScore: 11,
        teams: Object.fromEntries(seats.map((s, j) => [s, j % 2 ? "B" : "A"] as const)),
      });
      others = Promise.all([
        db.insert(userSettings).values({ userId: hider, showLocation: false }),
        db.update(users).set({ city: "AUSTIN", state: "TX" }).where(eq(users.id, mover)),
        db
          .insert(playerProfiles)
          .values({ userId: late, nickname: "Late", primaryPosition: "Wing" }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await others;
    await expectTotalsTrue();
  }, 120_000);
});
