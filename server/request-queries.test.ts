import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type Database, openPglite } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { gameParticipants } from "./db/schema.ts";
import { insertCourtRow, insertGameWithPlayers, insertPlayer } from "./test-support/game-rows.ts";
import { signUpUser } from "./test-support/test-app.ts";

/**
 * How many statements a hot request sends to the database, counted by Drizzle's logger
 * (the statements are the same on PostgreSQL; PGlite only makes the count deterministic).
 */
let database: Database;
let app: FastifyInstance;
const statements: string[] = [];
beforeAll(async () => {
  database = await openPglite(undefined, {
    logger: { logQuery: (query) => statements.push(query) },
  });
  await migrateDatabase(database);
  app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function statementsOf(url: string, cookie?: string, status = 200) {
  statements.length = 0;
  const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(status);
  return { body: response.json(), sent: [...statements] };
}

describe("a signed-in request reads its session in one query, then its own", () => {
  it("GET /api/auth/user: the session (with its player's id), then the user's card", async () => {
    const { cookie, email } = await signUpUser(app, { firstName: "Solo" });
    const { body, sent } = await statementsOf("/api/auth/user", cookie);
    expect(body).toMatchObject({ email, firstName: "Solo", hasProfile: false });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from "sessions" inner join "users"/);
    expect(sent[0]).not.toMatch(/player_profiles/);
    expect(sent[1]).toMatch(/player_profiles/);
  });

  it("any other signed-in read pays one statement for who is asking, then its own", async () => {
    const { cookie } = await signUpUser(app);
    const { body, sent } = await statementsOf("/api/checkin", cookie);
    expect(body).toEqual({ checkIn: null });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from "sessions" inner join "users"/);
  });
});

describe("a game and its players are one query each", () => {
  it("GET /api/games/{id} and its participants, for visitors and signed in", async () => {
    const { db } = database;
    const courtId = await insertCourtRow(db);
    const organizerId = await insertPlayer(db, { firstName: "Org" });
    const players = [await insertPlayer(db, { firstName: "Ann" }), await insertPlayer(db)];
    const gameId = await insertGameWithPlayers(db, {
      courtId,
      organizerId,
      players,
      startsInHours: 5,
    });
    const { cookie } = await signUpUser(app);

    const game = await statementsOf(`/api/games/${gameId}`);
    expect(game.body).toMatchObject({ id: gameId, currentPlayers: 3, court: { id: courtId } });
    expect(game.sent).toHaveLength(1);
    // Signed in: the session, the viewer's position (for the distance), then the game.
    expect((await statementsOf(`/api/games/${gameId}`, cookie)).sent).toHaveLength(3);

    const seats = await statementsOf(`/api/games/${gameId}/participants`);
    // Seated in one statement, the players joined at the same moment: then by id.
    expect(seats.body.map((p: { userId: string }) => p.userId)).toEqual([
      organizerId,
      ...players.toSorted(),
    ]);
    expect(seats.body[0]).toMatchObject({ isOrganizer: true, status: "confirmed" });
    expect(seats.body.find((p: { userId: string }) => p.userId === players[0])).toMatchObject({
      isOrganizer: false,
      user: { firstName: "Ann" },
    });
    expect(seats.sent).toHaveLength(1);

    const missing = await statementsOf("/api/games/999999/participants", undefined, 404);
    expect(missing.body).toEqual({ message: "Game not found" });
    expect(missing.sent).toHaveLength(1);

    // A game whose seats are all gone is an empty list, not a list of one empty seat.
    await db.delete(gameParticipants).where(eq(gameParticipants.gameId, gameId));
    expect((await statementsOf(`/api/games/${gameId}/participants`)).body).toEqual([]);
  });
});

describe("a seat change reads its session as every request does", () => {
  it("POST join and leave: the session read, the write's count, then the seat's transaction", async () => {
    const { db } = database;
    const courtId = await insertCourtRow(db);
    const organizerId = await insertPlayer(db);
    const gameId = await insertGameWithPlayers(db, { courtId, organizerId, startsInHours: 5 });
    const { cookie } = await signUpUser(app);
    for (const action of ["join", "leave"]) {
      statements.length = 0;
      const response = await app.inject({
        method: "POST",
        url: `/api/games/${gameId}/${action}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(statements[0]).toMatch(/from "sessions" inner join "users"/);
      expect(statements[1]).toMatch(/insert into rate_limits/);
      expect(statements.filter((s) => s.includes('"sessions"'))).toHaveLength(1);
      expect(statements.filter((s) => s.includes("rate_limits"))).toHaveLength(1);
    }
  });
});

describe("will it happen: a list's chances cost no query per game", () => {
  it("GET /api/games/chances sends the same two statements for one game or ten", async () => {
    const { db } = database;
    const courtId = await insertCourtRow(db);
    const gameIds: number[] = [];
    for (let i = 0; i < 10; i++) {
      const organizerId = await insertPlayer(db);
      const players = [await insertPlayer(db), await insertPlayer(db)];
      gameIds.push(
        await insertGameWithPlayers(db, { courtId, organizerId, players, startsInHours: 24 }),
      );
    }
    const one = await statementsOf(`/api/games/chances?ids=${gameIds[0]}`);
    const ten = await statementsOf(`/api/games/chances?ids=${gameIds.join(",")}`);
    expect(one.body.chances).toHaveLength(1);
    expect(ten.body.chances).toHaveLength(10);
    expect(one.sent).toHaveLength(2);
    expect(ten.sent).toHaveLength(2);
  });
});
