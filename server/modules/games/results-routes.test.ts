import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GAME_CANCELLED,
  type Game,
  ONLY_ORGANIZER,
  RATING_BEFORE_END,
  RATING_NOT_A_PLAYER,
  RATING_NOT_PLAYED,
  RATING_TWICE,
  RESULT_BEFORE_START,
  RESULT_NOT_A_PLAYER,
  RESULT_TEAM_EMPTY,
  RESULT_TEAMS_MESSAGE,
  RESULT_TIED,
} from "../../../common/games.ts";
import { gameResults, games, playerRatings } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const player = (nickname = "Hooper") => playerWithSession(t.app, t.db, { nickname });

const call = (method: "GET" | "POST", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);

type Player = Awaited<ReturnType<typeof player>>;

/** An organizer and three players in a game that started `startedHoursAgo` ago. */
async function playedGame(startedHoursAgo: number, extra: Record<string, unknown> = {}) {
  const organizer = await player("Boss");
  const others = [await player("Two"), await player("Three"), await player("Four")];
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: others.map((p) => p.id),
    startsInHours: -startedHoursAgo,
    ...extra,
  });
  return { gameId, organizer, others, all: [organizer, ...others] };
}

const teamsOf = (a: Player[], b: Player[]) =>
  Object.fromEntries([...a.map((p) => [p.id, "A"]), ...b.map((p) => [p.id, "B"])]);

describe("POST /api/games/{id}/result", () => {
  it("the organizer records the score and teams of a finished game; players see it", async () => {
    const { gameId, organizer, others, all } = await playedGame(3);
    const [two, three, four] = others as [Player, Player, Player];
    const response = await call("POST", `/api/games/${gameId}/result`, organizer.cookie, {
      teamAScore: 21,
      teamBScore: 18,
      teams: teamsOf([organizer, two], [three, four]),
    });
    expect(response.statusCode).toBe(200);
    const game = response.json() as Game;
    expect(game.status).toBe("completed");
    expect(game.result).toMatchObject({ teamAScore: 21, teamBScore: 18, winningTeam: "A" });
    const seats = (await call("GET", `/api/games/${gameId}/participants`)).json();
    expect(
      Object.fromEntries(seats.map((s: { userId: string; team: string }) => [s.userId, s.team])),
    ).toEqual(teamsOf([organizer, two], [three, four]));
    // The game's end is unchanged: it had already run its full time.
    const [row] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(row?.endedAt).toBeNull();
    expect(all).toHaveLength(4);
  });

  it("recording while the game runs ends it now; recording again corrects the result", async () => {
    const { gameId, organizer, others } = await playedGame(0.5);
    const [two, three, four] = others as [Player, Player, Player];
    expect((await call("GET", `/api/games/${gameId}`)).json().status).toBe("active");
    const first = await call("POST", `/api/games/${gameId}/result`, organizer.cookie, {
      teamAScore: 10,
      teamBScore: 12,
      teams: teamsOf([organizer, two], [three, four]),
    });
    expect(first.statusCode).toBe(200);
    const ended = first.json() as Game;
    expect(ended.status).toBe("completed");
    expect(ended.result?.winningTeam).toBe("B");
    expect(Date.parse(ended.endsAt)).toBeLessThanOrEqual(Date.now());

    const corrected = await call("POST", `/api/games/${gameId}/result`, organizer.cookie, {
      teamAScore: 15,
      teamBScore: 12,
      teams: teamsOf([organizer, three], [two, four]),
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().result).toMatchObject({ teamAScore: 15, winningTeam: "A" });
    expect(await t.db.$count(gameResults, eq(gameResults.gameId, gameId))).toBe(1);
  });

  it("refuses anyone but the organizer, games not started or cancelled, and bad teams", async () => {
    const { gameId, organizer, others } = await playedGame(3);
    const [two, three, four] = others as [Player, Player, Player];
    const good = {
      teamAScore: 21,
      teamBScore: 18,
      teams: teamsOf([organizer, two], [three, four]),
    };

    const notOrganizer = await call("POST", `/api/games/${gameId}/result`, two.cookie, good);
    expect(notOrganizer.statusCode).toBe(403);
    expect(notOrganizer.json()).toEqual({ message: ONLY_ORGANIZER });
    expect((await call("POST", `/api/games/${gameId}/result`, undefined, good)).statusCode).toBe(
      401,
    );

    const outsider = await player();
    const cases: [unknown, number, string][] = [
      [{ ...good, teamBScore: 21 }, 400, RESULT_TIED],
      [{ ...good, teamAScore: -1 }, 400, "Scores must be whole numbers from 0 to 999"],
      [{ ...good, teamAScore: 1000 }, 400, "Scores must be whole numbers from 0 to 999"],
      [{ ...good, teams: teamsOf([organizer, two], [three]) }, 400, RESULT_TEAMS_MESSAGE],
      [{ ...good, teams: teamsOf([organizer, two, three, four], []) }, 400, RESULT_TEAM_EMPTY],
      [
        { ...good, teams: teamsOf([organizer, two, outsider], [three, four]) },
        400,
        RESULT_NOT_A_PLAYER,
      ],
      [{ ...good, teams: { ...good.teams, [two.id]: "C" } }, 400, RESULT_TEAMS_MESSAGE],
    ];
    for (const [body, status, message] of cases) {
      const response = await call("POST", `/api/games/${gameId}/result`, organizer.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await t.db.$count(gameResults, eq(gameResults.gameId, gameId))).toBe(0);

    const upcoming = await playedGame(-5);
    const early = await call(
      "POST",
      `/api/games/${upcoming.gameId}/result`,
      upcoming.organizer.cookie,
      {
        ...good,
        teams: teamsOf(upcoming.all.slice(0, 2), upcoming.all.slice(2)),
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: RESULT_BEFORE_START });

    const called = await playedGame(3, { status: "cancelled" });
    const cancelled = await call(
      "POST",
      `/api/games/${called.gameId}/result`,
      called.organizer.cookie,
      {
        ...good,
        teams: teamsOf(called.all.slice(0, 2), called.all.slice(2)),
      },
    );
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: GAME_CANCELLED });
  });
});

describe("ratings", () => {
  it("a player of a completed game rates the others; again replaces; GET lists what they gave", async () => {
    const { gameId, organizer, others } = await playedGame(3);
    const [two, three] = others as [Player, Player, Player];
    const url = `/api/games/${gameId}/ratings`;
    const first = await call("POST", url, two.cookie, {
      ratings: [
        { userId: organizer.id, rating: 5 },
        { userId: three.id, rating: 3 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(
      [
        { userId: organizer.id, rating: 5 },
        { userId: three.id, rating: 3 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    const again = await call("POST", url, two.cookie, {
      ratings: [{ userId: three.id, rating: 4 }],
    });
    expect(again.statusCode).toBe(200);
    const given = (await call("GET", url, two.cookie)).json() as {
      userId: string;
      rating: number;
    }[];
    expect(given.find((g) => g.userId === three.id)?.rating).toBe(4);
    expect(given).toHaveLength(2);
    expect(await t.db.$count(playerRatings, eq(playerRatings.gameId, gameId))).toBe(2);
    // Someone else's view of the same game is their own (empty) list.
    expect((await call("GET", url, three.cookie)).json()).toEqual([]);
  });

  it("refuses ratings before the end, from outsiders, of outsiders, of oneself, twice, or out of range", async () => {
    const { gameId, organizer, others } = await playedGame(3);
    const [two] = others as [Player];
    const url = `/api/games/${gameId}/ratings`;
    const outsider = await player();
    const cases: [Player, unknown, number, string][] = [
      [outsider, { ratings: [{ userId: two.id, rating: 4 }] }, 403, RATING_NOT_PLAYED],
      [two, { ratings: [{ userId: outsider.id, rating: 4 }] }, 400, RATING_NOT_A_PLAYER],
      [two, { ratings: [{ userId: two.id, rating: 4 }] }, 400, RATING_NOT_A_PLAYER],
      [
        two,
        {
          ratings: [
            { userId: organizer.id, rating: 4 },
            { userId: organizer.id, rating: 2 },
          ],
        },
        400,
        RATING_TWICE,
      ],
      [
        two,
        { ratings: [{ userId: organizer.id, rating: 6 }] },
        400,
        "A rating is a whole number from 1 to 5",
      ],
      [
        two,
        { ratings: [{ userId: organizer.id, rating: 2.5 }] },
        400,
        "A rating is a whole number from 1 to 5",
      ],
      [two, { ratings: [] }, 400, "Rate at least one player"],
    ];
    for (const [who, body, status, message] of cases) {
      const response = await call("POST", url, who.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await t.db.$count(playerRatings, eq(playerRatings.gameId, gameId))).toBe(0);

    const running = await playedGame(0.5);
    const early = await call(
      "POST",
      `/api/games/${running.gameId}/ratings`,
      running.others[0]?.cookie,
      {
        ratings: [{ userId: running.organizer.id, rating: 4 }],
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: RATING_BEFORE_END });
    expect((await call("GET", "/api/games/999999/ratings", two.cookie)).statusCode).toBe(404);
    expect((await call("GET", url)).statusCode).toBe(401);
  });
});
