import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVEL_WIDTH, muOfLevel } from "../../../common/levels.ts";
import { gameParticipants, games, skillRatingChanges, skillRatings } from "../../db/schema.ts";
import { callApi, sessionCookieFor } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { ratePlayers } from "../games/ratings.ts";
import { recordResult } from "../games/results.ts";
import { PEER_WEIGHT, SIGMA_START } from "./model.ts";
import { type PlayerRating, ratingsOf } from "./ratings.ts";
import { recomputeLevels } from "./recompute.ts";

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

/** `n` players with a profile; `level` sets all five self-rated skills. */
async function players(n: number, level = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await insertPlayer(t.db, { nickname: `Rated ${i}` }));
  await t.db.execute(sql`update player_profiles set skill_handles = ${level}, skill_shot = ${level},
    skill_iq = ${level}, skill_vert = ${level}, skill_defense = ${level}
    where user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return ids;
}

/** A game that started `hoursAgo` ago (over by now), seating everyone; the first organizes. */
const playedGame = (seats: string[], hoursAgo = 3) =>
  insertGameWithPlayers(t.db, {
    courtId,
    organizerId: seats[0] as string,
    players: seats.slice(1),
    startsInHours: -hoursAgo,
  });

const teamsOf = (a: string[], b: string[]) =>
  Object.fromEntries([...a.map((id) => [id, "A"] as const), ...b.map((id) => [id, "B"] as const)]);

/** The organizer (first of `a` or `b`, whoever organizes) records `winner` beating the other. */
async function record(gameId: number, a: string[], b: string[], winner: "A" | "B") {
  const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
  const score =
    winner === "A" ? { teamAScore: 21, teamBScore: 15 } : { teamAScore: 15, teamBScore: 21 };
  await recordResult(t.db, game?.organizerId as string, gameId, { ...score, teams: teamsOf(a, b) });
}

const ratings = async (ids: string[]) => {
  const map = await ratingsOf(t.db, ids);
  return ids.map((id) => map.get(id) as PlayerRating);
};

const changesOfGame = (gameId: number, source: "result" | "peers") =>
  t.db
    .select()
    .from(skillRatingChanges)
    .where(and(eq(skillRatingChanges.gameId, gameId), eq(skillRatingChanges.source, source)))
    .orderBy(skillRatingChanges.userId);

describe("a recorded result", () => {
  it("moves the winners up and the losers down, and keeps each player's before and after", async () => {
    const ids = await players(4);
    const [a1, a2, b1, b2] = ids as [string, string, string, string];
    const gameId = await playedGame(ids);
    await record(gameId, [a1, a2], [b1, b2], "A");

    const start = muOfLevel(3);
    const [ra1, ra2, rb1, rb2] = await ratings(ids);
    for (const winner of [ra1, ra2]) {
      expect(winner?.mu).toBeGreaterThan(start);
      expect(winner?.games).toBe(1);
      expect(winner?.sigma).toBeLessThan(SIGMA_START);
    }
    for (const loser of [rb1, rb2]) {
      expect(loser?.mu).toBeLessThan(start);
      expect(loser?.games).toBe(1);
    }
    const changes = await changesOfGame(gameId, "result");
    expect(changes).toHaveLength(4);
    for (const change of changes) {
      expect(change.muBefore).toBe(start);
      expect(change.sigmaBefore).toBe(SIGMA_START);
      const now = (await ratings([change.userId]))[0];
      expect(change.muAfter).toBe(now?.mu);
      expect(change.sigmaAfter).toBe(now?.sigma);
    }
  });

  it("moves ratings further for an upset than for the win everyone expected", async () => {
    const expected = { strong: await players(2, 4), weak: await players(2, 2) };
    const upset = { strong: await players(2, 4), weak: await players(2, 2) };
    const expectedGame = await playedGame([...expected.strong, ...expected.weak]);
    const upsetGame = await playedGame([...upset.strong, ...upset.weak]);
    await record(expectedGame, expected.strong, expected.weak, "A");
    await record(upsetGame, upset.strong, upset.weak, "B");

    const gain = async (ids: string[], level: number) =>
      ((await ratings(ids))[0]?.mu as number) - muOfLevel(level);
    const expectedWin = await gain(expected.strong, 4);
    const upsetWin = await gain(upset.weak, 2);
    expect(expectedWin).toBeGreaterThan(0);
    expect(upsetWin).toBeGreaterThan(2 * expectedWin);
    expect(await gain(upset.strong, 4)).toBeLessThan(-2 * expectedWin);
  });

  it("corrected, leaves every rating as if the corrected result had been recorded first", async () => {
    const corrected = await players(5);
    const direct = await players(5);
    const [c1, c2, c3, c4, c5] = corrected as [string, string, string, string, string];
    const [d1, d2, d3, d4] = direct as [string, string, string, string];
    const correctedGame = await playedGame(corrected);
    await record(correctedGame, [c1, c2, c5], [c3, c4], "A");
    // The fifth player leaves the game's seats (a seat given up by mistake), then the organizer
    // corrects the result: the other team won, and c2 was on it.
    await t.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, correctedGame), eq(gameParticipants.userId, c5)));
    await t.db.update(games).set({ currentPlayers: 4 }).where(eq(games.id, correctedGame));
    await record(correctedGame, [c1], [c2, c3, c4], "B");

    const directGame = await playedGame(direct.slice(0, 4));
    await record(directGame, [d1], [d2, d3, d4], "B");

    const got = await ratings(corrected);
    const want = await ratings(direct);
    for (let i = 0; i < 4; i++) {
      expect(got[i]?.mu).toBeCloseTo(want[i]?.mu as number, 10);
      expect(got[i]?.sigma).toBeCloseTo(want[i]?.sigma as number, 10);
      expect(got[i]?.games).toBe(1);
    }
    // The player no longer in the result is back where their self-rating starts them.
    expect(got[4]?.mu).toBeCloseTo(muOfLevel(3), 10);
    expect(got[4]?.sigma).toBeCloseTo(SIGMA_START, 10);
    expect(got[4]?.games).toBe(0);
    expect((await changesOfGame(correctedGame, "result")).map((c) => c.userId)).toEqual(
      [c1, c2, c3, c4].sort(),
    );
  });
});

describe("peer ratings", () => {
  it("nudge the rated player toward what their peers said, and a second rating replaces it", async () => {
    const ids = await players(4);
    const [a1, a2, b1, b2] = ids as [string, string, string, string];
    const gameId = await playedGame(ids);
    await record(gameId, [a1, a2], [b1, b2], "A");
    const [afterResult] = await ratings([b1]);

    await ratePlayers(t.db, a1, gameId, { ratings: [{ userId: b1, rating: 5 }] });
    const step = PEER_WEIGHT * LEVEL_WIDTH;
    const [once] = await ratings([b1]);
    expect(once?.mu).toBeCloseTo((afterResult?.mu as number) + 2 * step, 10);
    expect(once?.sigma).toBe(afterResult?.sigma);
    expect(once?.games).toBe(1);

    // A second peer says 2: the mean of 5 and 2 is 3.5.
    await ratePlayers(t.db, a2, gameId, { ratings: [{ userId: b1, rating: 2 }] });
    const [twice] = await ratings([b1]);
    expect(twice?.mu).toBeCloseTo((afterResult?.mu as number) + 0.5 * step, 10);

    // The first changes their mind to 1: the mean is 1.5, the nudge replaced, not added.
    await ratePlayers(t.db, a1, gameId, { ratings: [{ userId: b1, rating: 1 }] });
    const [again] = await ratings([b1]);
    expect(again?.mu).toBeCloseTo((afterResult?.mu as number) - 1.5 * step, 10);
    expect(again?.sigma).toBe(afterResult?.sigma);
    const [change] = await changesOfGame(gameId, "peers");
    expect(change).toMatchObject({ userId: b1, muBefore: afterResult?.mu });
    expect(change?.muAfter).toBe(again?.mu);
  });
});

describe("the recompute", () => {
  /** Every rating and change in the tables, for comparing before and after a recompute. */
  const everything = async () => ({
    ratings: await t.db.select().from(skillRatings).orderBy(skillRatings.userId),
    changes: (
      await t.db
        .select()
        .from(skillRatingChanges)
        .orderBy(skillRatingChanges.gameId, skillRatingChanges.userId, skillRatingChanges.source)
    ).map(({ createdAt: _c, updatedAt: _u, ...change }) => change),
  });
  const values = (state: Awaited<ReturnType<typeof everything>>) => ({
    ratings: state.ratings.map(({ updatedAt: _u, ...rating }) => rating),
    changes: state.changes,
  });

  it("equals the ratings recorded one result at a time, and running it again changes nothing", async () => {
    // Earlier tests' corrections are history the recompute rewrites: settle them first.
    await recomputeLevels(t.db);
    const pool = [...(await players(4, 2)), ...(await players(4, 3)), ...(await players(4, 4))];
    // Eight games in the order they started, each result followed by its peer ratings.
    for (let g = 0; g < 8; g++) {
      const seats = pool.filter((_, i) => (i + g) % 3 !== 0).slice(0, 6);
      const gameId = await playedGame(seats, 40 - g);
      const [a, b] = [seats.slice(0, 3), seats.slice(3)];
      await record(gameId, a, b, g % 3 === 0 ? "B" : "A");
      await ratePlayers(t.db, a[0] as string, gameId, {
        ratings: [
          { userId: a[1] as string, rating: 1 + (g % 5) },
          { userId: b[0] as string, rating: 5 - (g % 4) },
        ],
      });
    }
    const incremental = await everything();

    const first = await recomputeLevels(t.db);
    expect(first).toMatchObject({ ratingsChanged: 0, changesChanged: 0 });
    expect(first.results).toBeGreaterThanOrEqual(8);
    expect(values(await everything())).toEqual(values(incremental));

    const second = await recomputeLevels(t.db);
    expect(second).toEqual(first);
  });

  it("after a correction of an earlier game, replays it in order, then stays put", async () => {
    const ids = await players(4);
    const [p1, p2, p3, p4] = ids as [string, string, string, string];
    const earlier = await playedGame(ids, 30);
    const later = await playedGame(ids, 20);
    await record(earlier, [p1, p2], [p3, p4], "A");
    // The same teams again: how surprising this win is depends on who won the earlier game.
    await record(later, [p1, p2], [p3, p4], "A");
    await record(earlier, [p1, p2], [p3, p4], "B");
    const incremental = await ratings(ids);

    const report = await recomputeLevels(t.db);
    expect(report.ratingsChanged).toBeGreaterThan(0);
    const replayed = await ratings(ids);
    // The later game is rated again from the corrected earlier one: within half a level of the
    // incremental ratings, not the same.
    for (let i = 0; i < 4; i++) {
      const gap = Math.abs((replayed[i]?.mu as number) - (incremental[i]?.mu as number));
      expect(gap).toBeLessThan(LEVEL_WIDTH / 2);
    }
    expect(replayed.map((r) => r.mu)).not.toEqual(incremental.map((r) => r.mu));
    // The later game's before is now the corrected earlier game's after.
    const [earlierOfP1] = (await changesOfGame(earlier, "result")).filter((c) => c.userId === p1);
    const [laterOfP1] = (await changesOfGame(later, "result")).filter((c) => c.userId === p1);
    expect(laterOfP1?.muBefore).toBe(earlierOfP1?.muAfter);

    expect(await recomputeLevels(t.db)).toMatchObject({ ratingsChanged: 0, changesChanged: 0 });
  });
});

describe("GET /api/user/level", () => {
  it("answers the caller's learned rating, and where the self-rating starts them before any result", async () => {
    const [fresh, rated, other] = (await players(3, 4)) as [string, string, string];
    const freshLevel = await callApi(
      t.app,
      "GET",
      "/api/user/level",
      await sessionCookieFor(t.app, t.db, fresh),
    );
    expect(freshLevel.statusCode).toBe(200);
    expect(freshLevel.json()).toEqual({ mu: muOfLevel(4), sigma: SIGMA_START, games: 0 });

    const gameId = await playedGame([rated, other]);
    await record(gameId, [rated], [other], "A");
    const response = await callApi(
      t.app,
      "GET",
      "/api/user/level",
      await sessionCookieFor(t.app, t.db, rated),
    );
    const [stored] = await ratings([rated]);
    expect(response.json()).toEqual({ mu: stored?.mu, sigma: stored?.sigma, games: 1 });
    expect(stored?.mu).toBeGreaterThan(muOfLevel(4));
  });

  it("is for signed-in players only", async () => {
    const response = await callApi(t.app, "GET", "/api/user/level");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty("message");
  });
});
