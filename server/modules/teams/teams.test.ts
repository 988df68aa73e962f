import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_CANCELLED, RESULT_NOT_A_PLAYER } from "../../../common/games.ts";
import {
  type GameTeams,
  TEAMS_GAME_OVER,
  TEAMS_NOT_ALLOWED,
  TEAMS_SETTINGS_ORGANIZER,
  TEAMS_TOO_FEW,
  TEAMS_TOO_MANY,
  TOGETHER_PARTNER_NOT_SEATED,
  TOGETHER_SEATED_ONLY,
  TOGETHER_SELF,
} from "../../../common/teams.ts";
import { games, gameTeams, liveEvents, playerProfiles, userSettings } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { PAIR_POINTS } from "./split.ts";

/** Balanced teams through the API on a real database (PGlite, or PostgreSQL when set). */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

type Player = { id: string; cookie: string };

/** A player whose five self-rated skills are all `skill` (1–5): their starting level. */
async function player(skill = 3, primaryPosition = "Small Forward"): Promise<Player> {
  const p = await playerWithSession(t.app, t.db, { primaryPosition });
  await t.db
    .update(playerProfiles)
    .set({
      skillHandles: skill,
      skillShot: skill,
      skillIq: skill,
      skillVert: skill,
      skillDefense: skill,
    })
    .where(eq(playerProfiles.userId, p.id));
  return p;
}

/** A game `startsInHours` away, its organizer and `others` seated players of mixed levels. */
async function gameWith(others: number, startsInHours = 30) {
  const organizer = await player(3);
  const seated: Player[] = [];
  for (let i = 0; i < others; i++) seated.push(await player(1 + (i % 5)));
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: seated.map((p) => p.id),
    startsInHours,
    maxPlayers: 16,
  });
  return { gameId, organizer, seated };
}

const teamsUrl = (gameId: number) => `/api/games/${gameId}/teams`;
const getTeams = (gameId: number, cookie?: string) =>
  callApi(t.app, "GET", teamsUrl(gameId), cookie);
const make = (gameId: number, cookie?: string) => callApi(t.app, "POST", teamsUrl(gameId), cookie);

function body(response: { statusCode: number; body: string }): GameTeams {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as GameTeams;
}
const message = (response: { body: string }) =>
  (JSON.parse(response.body) as { message: string }).message;

/** Every seated player on exactly one team. */
async function expectEverySeatOnce(gameId: number, seats: string[]) {
  const rows = await t.db.select().from(gameTeams).where(eq(gameTeams.gameId, gameId));
  expect(rows.map((r) => r.userId).sort()).toEqual([...seats].sort());
}

describe("making teams", () => {
  it("the organizer makes two teams of five from ten seats, close in chance, live for everyone", async () => {
    const { gameId, organizer, seated } = await gameWith(9);
    const before = body(await getTeams(gameId, organizer.cookie));
    expect(before).toMatchObject({ teams: [], seats: 10, canMake: true, outOfDate: null });

    const made = body(await make(gameId, organizer.cookie));
    expect(made.teams.map((team) => [team.team, team.players.length])).toEqual([
      ["A", 5],
      ["B", 5],
    ]);
    const [a, b] = made.teams;
    expect((a?.chance ?? 0) + (b?.chance ?? 0)).toBe(100);
    expect(Math.abs((a?.chance ?? 0) - (b?.chance ?? 0))).toBeLessThanOrEqual(4);
    expect(a?.players[0]?.level).toEqual(expect.any(Number));
    expect(made.madeAt).not.toBeNull();
    await expectEverySeatOnce(gameId, [organizer.id, ...seated.map((p) => p.id)]);

    const [event] = await t.db.select().from(liveEvents).orderBy(desc(liveEvents.id)).limit(1);
    expect(event?.data).toEqual({ type: "game.changed", gameId, courtId });

    // A seated player sees the same teams; they may not make them until the organizer allows.
    const seen = body(await getTeams(gameId, seated[0]?.cookie));
    expect(seen.teams).toEqual(made.teams);
    expect(seen.canMake).toBe(false);
  });

  it("a late arrival makes them out of date; a rebalance puts the eleventh on Next", async () => {
    const { gameId, organizer } = await gameWith(9);
    const first = body(await make(gameId, organizer.cookie));
    const late = await player(4);
    expect(
      (await callApi(t.app, "POST", `/api/games/${gameId}/join`, late.cookie)).statusCode,
    ).toBe(200);
    const stale = body(await getTeams(gameId, organizer.cookie));
    expect(stale.outOfDate).toBe("Teams are out of date: 1 new player");
    expect(stale.teams).toEqual(first.teams);

    const again = body(await make(gameId, organizer.cookie));
    expect(again.outOfDate).toBeNull();
    expect(
      again.teams.map((team) => [team.team, team.players.length, team.chance === null]),
    ).toEqual([
      ["A", 5, false],
      ["B", 5, false],
      ["C", 1, true],
    ]);
  });

  it("a drop makes them out of date; the rebalance keeps everyone else where they were when it can", async () => {
    const { gameId, organizer, seated } = await gameWith(8);
    const first = body(await make(gameId, organizer.cookie));
    const leaver = seated[0] as Player;
    expect(
      (await callApi(t.app, "POST", `/api/games/${gameId}/leave`, leaver.cookie)).statusCode,
    ).toBe(200);
    expect(body(await getTeams(gameId, organizer.cookie)).outOfDate).toBe(
      "Teams are out of date: 1 player left",
    );
    const again = body(await make(gameId, organizer.cookie));
    const ids = (teams: GameTeams) =>
      teams.teams.flatMap((team) => team.players.map((p) => p.userId));
    expect(ids(again)).not.toContain(leaver.id);
    expect(ids(again).sort()).toEqual(
      ids(first)
        .filter((id) => id !== leaver.id)
        .sort(),
    );
    expect(again.outOfDate).toBeNull();
  });

  it("seated players make teams once the organizer allows it; others never", async () => {
    const { gameId, organizer, seated } = await gameWith(4);
    const [player1] = seated as [Player];
    const stranger = await player();
    expect(message(await make(gameId, player1.cookie))).toBe(TEAMS_NOT_ALLOWED);
    expect((await make(gameId, player1.cookie)).statusCode).toBe(403);
    expect((await make(gameId, stranger.cookie)).statusCode).toBe(403);

    const allow = (cookie: string, playersMakeTeams: unknown) =>
      callApi(t.app, "PUT", `${teamsUrl(gameId)}/settings`, cookie, { playersMakeTeams });
    const refused = await allow(player1.cookie, true);
    expect([refused.statusCode, message(refused)]).toEqual([403, TEAMS_SETTINGS_ORGANIZER]);
    expect((await allow(organizer.cookie, "yes")).statusCode).toBe(400);
    expect(body(await allow(organizer.cookie, true)).playersMakeTeams).toBe(true);

    expect(body(await getTeams(gameId, player1.cookie)).canMake).toBe(true);
    expect(body(await make(gameId, player1.cookie)).teams).toHaveLength(2);
    expect((await make(gameId, stranger.cookie)).statusCode).toBe(403);

    body(await allow(organizer.cookie, false));
    expect((await make(gameId, player1.cookie)).statusCode).toBe(403);
  });

  it("the game's teams are for its organizer and players: others none, signed out 401", async () => {
    const { gameId, organizer } = await gameWith(4);
    body(await make(gameId, organizer.cookie));
    const stranger = await player();
    const unseen = body(await getTeams(gameId, stranger.cookie));
    expect(unseen).toMatchObject({ teams: [], seats: 5, canMake: false, partnerId: null });
    expect((await getTeams(gameId)).statusCode).toBe(401);
    expect((await make(gameId)).statusCode).toBe(401);
    expect((await getTeams(999_999, stranger.cookie)).statusCode).toBe(404);
    expect((await callApi(t.app, "GET", "/api/games/abc/teams", stranger.cookie)).statusCode).toBe(
      400,
    );
  });

  it("fewer than 4 seats: 409; more than 15: 400; nothing is written", async () => {
    const few = await gameWith(2);
    const tooFew = await make(few.gameId, few.organizer.cookie);
    expect([tooFew.statusCode, message(tooFew)]).toEqual([409, TEAMS_TOO_FEW]);
    const many = await gameWith(15);
    const tooMany = await make(many.gameId, many.organizer.cookie);
    expect([tooMany.statusCode, message(tooMany)]).toEqual([400, TEAMS_TOO_MANY]);
    for (const gameId of [few.gameId, many.gameId]) {
      expect(await t.db.select().from(gameTeams).where(eq(gameTeams.gameId, gameId))).toEqual([]);
    }
  });

  it("a cancelled or completed game: 409; a running one: teams as before", async () => {
    const cancelled = await gameWith(5);
    await t.db.update(games).set({ status: "cancelled" }).where(eq(games.id, cancelled.gameId));
    const refused = await make(cancelled.gameId, cancelled.organizer.cookie);
    expect([refused.statusCode, message(refused)]).toEqual([409, GAME_CANCELLED]);

    const completed = await gameWith(5, -3);
    const over = await make(completed.gameId, completed.organizer.cookie);
    expect([over.statusCode, message(over)]).toEqual([409, TEAMS_GAME_OVER]);
    expect(body(await getTeams(completed.gameId, completed.organizer.cookie)).canMake).toBe(false);

    const running = await gameWith(5, -0.5);
    expect(body(await make(running.gameId, running.organizer.cookie)).teams).toHaveLength(2);
  });

  it("a player who keeps their stats private shows no level to others, their own to themself", async () => {
    const { gameId, organizer, seated } = await gameWith(4);
    const shy = seated[0] as Player;
    await t.db.insert(userSettings).values({ userId: shy.id, showStats: false });
    body(await make(gameId, organizer.cookie));
    const levelOf = (teams: GameTeams, id: string) =>
      teams.teams.flatMap((team) => team.players).find((p) => p.userId === id)?.level;
    expect(levelOf(body(await getTeams(gameId, organizer.cookie)), shy.id)).toBeNull();
    expect(levelOf(body(await getTeams(gameId, shy.cookie)), shy.id)).toEqual(expect.any(Number));
  });
});

describe("keep us together", () => {
  it("a seated player names a seated partner; a rebalance puts them together; they can take it back", async () => {
    const { gameId, organizer, seated } = await gameWith(7);
    const teamOf = (teams: GameTeams, id: string) =>
      teams.teams.find((team) => team.players.some((p) => p.userId === id))?.team;
    // Two players the first teams put apart ask to play together.
    const first = body(await make(gameId, organizer.cookie));
    const asker = seated[0] as Player;
    const partner = seated.find((p) => teamOf(first, p.id) !== teamOf(first, asker.id)) as Player;
    const together = (cookie: string, partnerId: unknown) =>
      callApi(t.app, "PUT", `${teamsUrl(gameId)}/together`, cookie, { partnerId });
    expect(body(await together(asker.cookie, partner.id)).partnerId).toBe(partner.id);

    const again = body(await make(gameId, organizer.cookie));
    expect(teamOf(again, asker.id)).toBe(teamOf(again, partner.id));
    // Honoured at a price no higher than splitting them costs (all play one position here).
    const gap = (teams: GameTeams) =>
      Math.abs((teams.teams[0]?.chance ?? 0) - (teams.teams[1]?.chance ?? 0));
    expect(gap(again)).toBeLessThanOrEqual(gap(first) + PAIR_POINTS);

    const dropped = await callApi(t.app, "DELETE", `${teamsUrl(gameId)}/together`, asker.cookie);
    expect(body(dropped).partnerId).toBeNull();
  });

  it("refuses a partner without a seat or oneself (400), a caller without a seat (403)", async () => {
    const { gameId, seated } = await gameWith(4);
    const [p1] = seated as [Player];
    const stranger = await player();
    const together = (cookie: string, partnerId: unknown) =>
      callApi(t.app, "PUT", `${teamsUrl(gameId)}/together`, cookie, { partnerId });

    const notSeated = await together(p1.cookie, stranger.id);
    expect(notSeated.statusCode).toBe(400);
    expect(JSON.parse(notSeated.body)).toEqual({
      message: TOGETHER_PARTNER_NOT_SEATED,
      errors: { partnerId: TOGETHER_PARTNER_NOT_SEATED },
    });
    expect(message(await together(p1.cookie, p1.id))).toBe(TOGETHER_SELF);
    expect((await together(p1.cookie, 42)).statusCode).toBe(400);
    const outsider = await together(stranger.cookie, p1.id);
    expect([outsider.statusCode, message(outsider)]).toEqual([403, TOGETHER_SEATED_ONLY]);
  });
});

describe("recording the result by team", () => {
  it("teams that do not match the seats are a 400, nothing recorded", async () => {
    const { gameId, organizer, seated } = await gameWith(3, -0.5);
    const stranger = await player();
    const teams = Object.fromEntries([
      [organizer.id, "A"],
      ...seated.map((p, i) => [p.id, i % 2 ? "A" : "B"]),
      [stranger.id, "B"],
    ]);
    const response = await callApi(t.app, "POST", `/api/games/${gameId}/result`, organizer.cookie, {
      teamAScore: 21,
      teamBScore: 15,
      teams,
    });
    expect([response.statusCode, message(response)]).toEqual([400, RESULT_NOT_A_PLAYER]);
    const [row] = await t.db
      .select({ endedAt: games.endedAt })
      .from(games)
      .where(and(eq(games.id, gameId)));
    expect(row?.endedAt).toBeNull();
  });
});
