import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVEL_WIDTH } from "../../../common/levels.ts";
import { gameResults, skillRatingChanges } from "../../db/schema.ts";
import { withRetry } from "../../lib/retry.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { ratePlayers } from "../games/ratings.ts";
import { recordResult } from "../games/results.ts";
import { applyResult } from "./apply-result.ts";
import { PEER_WEIGHT, rateResult, type SkillRating, startingRating } from "./model.ts";
import { ratingsOf } from "./ratings.ts";

/**
 * Ratings under concurrent results. On PostgreSQL (TEST_DATABASE_URL) the recordings run on a
 * pool of 20 connections at once, so these are real races; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

async function players(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await insertPlayer(t.db, { nickname: `Racer ${i}` }));
  return ids;
}

const playedGame = (seats: string[]) =>
  insertGameWithPlayers(t.db, {
    courtId,
    organizerId: seats[0] as string,
    players: seats.slice(1),
    startsInHours: -3,
  });

type Teams = Record<string, "A" | "B">;
const split = (seats: string[], flip: boolean): Teams =>
  Object.fromEntries(seats.map((id, i) => [id, (i % 2 === 0) !== flip ? "A" : "B"]));

const record = (gameId: number, seats: string[], teams: Teams, winner: "A" | "B") =>
  recordResult(t.db, seats[0] as string, gameId, {
    teamAScore: winner === "A" ? 21 : 15,
    teamBScore: winner === "A" ? 15 : 21,
    teams,
  });

type Change = typeof skillRatingChanges.$inferSelect;

const resultChanges = (userIds: string[]) =>
  t.db
    .select()
    .from(skillRatingChanges)
    .where(eq(skillRatingChanges.source, "result"))
    .then((rows) => rows.filter((r) => userIds.includes(r.userId)));

type Recorded = { gameId: number; teams: Teams; winner: "A" | "B" };

/**
 * The ratings are those of a serial replay: each game rated from the ratings its players had
 * when it was applied. Each player's changes must chain from their start, each before the
 * previous after (a lost update leaves two changes sharing one before, and the chain breaks),
 * and every stored after must be what the model gives for the stored befores.
 */
async function expectSerialHistory(pool: string[], recorded: readonly Recorded[]) {
  const changes = await resultChanges(pool);
  const byGame = new Map<number, Change[]>();
  for (const change of changes) {
    byGame.set(change.gameId, [...(byGame.get(change.gameId) ?? []), change]);
  }
  for (const { gameId, teams, winner } of recorded) {
    const rows = byGame.get(gameId) ?? [];
    expect(rows).toHaveLength(Object.keys(teams).length);
    const before = new Map(rows.map((r) => [r.userId, { mu: r.muBefore, sigma: r.sigmaBefore }]));
    const afters = rateResult(teams, (id) => before.get(id) as SkillRating, winner);
    for (const row of rows) {
      expect(row.muAfter).toBe(afters.get(row.userId)?.mu);
      expect(row.sigmaAfter).toBe(afters.get(row.userId)?.sigma);
    }
  }
  const now = await ratingsOf(t.db, pool);
  for (const userId of pool) {
    const mine = changes.filter((c) => c.userId === userId);
    let at: SkillRating = startingRating([3, 3, 3, 3, 3]);
    const left = [...mine];
    while (left.length > 0) {
      const next = left.findIndex((c) => c.muBefore === at.mu && c.sigmaBefore === at.sigma);
      expect(next, `a change of ${userId} that follows μ ${at.mu}`).toBeGreaterThanOrEqual(0);
      const [change] = left.splice(next, 1) as [Change];
      at = { mu: change.muAfter, sigma: change.sigmaAfter };
    }
    const rating = now.get(userId);
    expect(rating?.mu).toBe(at.mu);
    expect(rating?.sigma).toBe(at.sigma);
    expect(rating?.games).toBe(mine.length);
  }
  return now;
}

/** Nine players; game one seats 0–5, game two 3–8: three players are in both. */
async function twoGamesSharingThree(pool: string[], round: number): Promise<[Recorded, Recorded]> {
  const [seatsOne, seatsTwo] = [pool.slice(0, 6), pool.slice(3)];
  return [
    { gameId: await playedGame(seatsOne), teams: split(seatsOne, round % 2 === 0), winner: "A" },
    {
      gameId: await playedGame(seatsTwo),
      teams: split(seatsTwo, round % 3 === 0),
      winner: round % 4 === 0 ? "A" : "B",
    },
  ];
}

describe("results recorded at once", () => {
  it("two games sharing players, recorded in parallel 20 times: every update kept, in some serial order", async () => {
    const pool = await players(9);
    const rounds = 20;
    const recorded: Recorded[] = [];
    for (let round = 0; round < rounds; round++) {
      const games = await twoGamesSharingThree(pool, round);
      await Promise.all(
        games.map(({ gameId, teams, winner }) => record(gameId, Object.keys(teams), teams, winner)),
      );
      recorded.push(...games);
    }
    const now = await expectSerialHistory(pool, recorded);
    // The three shared players were in every game; the others in one game a round.
    expect(pool.map((id) => now.get(id)?.games)).toEqual([
      ...Array(3).fill(rounds),
      ...Array(3).fill(2 * rounds),
      ...Array(3).fill(rounds),
    ]);
  });

  it("applyResult alone (no other lock between the games), two games sharing players in parallel: none lost", async () => {
    const pool = await players(9);
    const recorded: Recorded[] = [];
    for (let round = 0; round < 20; round++) {
      const games = await twoGamesSharingThree(pool, round);
      await Promise.all(
        games.map(({ gameId, teams, winner }) =>
          withRetry(() => t.db.transaction((tx) => applyResult(tx, gameId, teams, winner))),
        ),
      );
      recorded.push(...games);
    }
    const now = await expectSerialHistory(pool, recorded);
    expect(pool.map((id) => now.get(id)?.games)).toEqual([
      ...Array(3).fill(20),
      ...Array(3).fill(40),
      ...Array(3).fill(20),
    ]);
  });

  it("one game's result recorded twice at once, differently: one result stands, rated once", async () => {
    for (let round = 0; round < 10; round++) {
      const seats = await players(4);
      const gameId = await playedGame(seats);
      await Promise.all([
        record(gameId, seats, split(seats, false), "A"),
        record(gameId, seats, split(seats, true), "A"),
      ]);
      const [result] = await t.db.select().from(gameResults).where(eq(gameResults.gameId, gameId));
      expect(result).toBeDefined();
      const changes = await resultChanges(seats);
      expect(changes).toHaveLength(4);
      const now = await ratingsOf(t.db, seats);
      const teams = Object.fromEntries(changes.map((c) => [c.userId, c]));
      for (const userId of seats) {
        const change = teams[userId] as Change;
        expect(now.get(userId)?.games).toBe(1);
        // Both recordings started every player from the same place, and the one that stands
        // is the one their rating now shows.
        expect(change.muBefore).toBe(startingRating([3, 3, 3, 3, 3]).mu);
        expect(now.get(userId)?.mu).toBeCloseTo(change.muAfter, 10);
      }
      const winners = seats.filter((id) => (teams[id]?.muAfter ?? 0) > (teams[id]?.muBefore ?? 0));
      expect(winners).toHaveLength(2);
    }
  });

  it("players rating the same player at once: the nudge counts every rating", async () => {
    const seats = await players(6);
    const [ratee, ...raters] = seats as [string, ...string[]];
    const gameId = await playedGame(seats);
    await record(gameId, seats, split(seats, false), "A");
    const [afterResult] = [(await ratingsOf(t.db, [ratee])).get(ratee)];
    // Four say 5 and one says 1: a mean of 4.2, and any rating lost would change it.
    await Promise.all(
      raters.map((raterId, i) =>
        ratePlayers(t.db, raterId, gameId, {
          ratings: [{ userId: ratee, rating: i === 0 ? 1 : 5 }],
        }),
      ),
    );
    const now = (await ratingsOf(t.db, [ratee])).get(ratee);
    const nudge = PEER_WEIGHT * (4.2 - 3) * LEVEL_WIDTH;
    expect(now?.mu).toBeCloseTo((afterResult?.mu as number) + nudge, 10);
    expect(now?.sigma).toBe(afterResult?.sigma);
    const peers = await t.db
      .select()
      .from(skillRatingChanges)
      .where(and(eq(skillRatingChanges.gameId, gameId), eq(skillRatingChanges.source, "peers")));
    expect(peers).toHaveLength(1);
    expect(peers[0]?.muAfter).toBe(now?.mu);
  });
});
