import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courtGameListSchema } from "../../../common/courts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt, insertGame, insertOrganizer } from "./test-courts.ts";

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let court: number;
let otherCourt: number;
let organizerId: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  court = await insertCourt(t.db, { name: "Game Court" });
  otherCourt = await insertCourt(t.db, { name: "Other Court" });
  organizerId = await insertOrganizer(t.db);
  const at = (hours: number) => new Date(Date.now() + hours * HOUR);
  const game = (hours: number, extra: Record<string, unknown> = {}) =>
    insertGame(t.db, { courtId: court, organizerId, scheduledAt: at(hours), ...extra });
  // Inserted out of time order, so the answer's order must come from the query.
  ids.later = await game(48, { title: "Later Run", maxPlayers: 12, currentPlayers: 5 });
  ids.soon = await game(2, { title: "Soon Run", gameType: "5v5" });
  ids.past = await game(-2, { title: "Past Run" });
  ids.cancelled = await game(5, { title: "Cancelled Run", status: "cancelled" });
  ids.endedEarly = await game(-1, { title: "Ended Early", endedAt: at(-0.5) });
  ids.elsewhere = await insertGame(t.db, {
    courtId: otherCourt,
    organizerId,
    scheduledAt: at(3),
    title: "Elsewhere",
  });
});
afterAll(() => t.close());

const courtGames = (id: number | string) =>
  t.app.inject({ method: "GET", url: `/api/courts/${id}/games` });

describe("GET /api/courts/{id}/games", () => {
  it("is public and lists only that court's upcoming games, soonest first", async () => {
    const response = await courtGames(court);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(courtGameListSchema.parse(body)).toEqual(body);
    expect(body.map((g: { id: number }) => g.id)).toEqual([ids.soon, ids.later]);
    expect(body[0]).toEqual({
      id: ids.soon,
      title: "Soon Run",
      scheduledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      currentPlayers: 1,
      maxPlayers: 10,
      status: "open",
      gameType: "5v5",
    });
    expect(body[1]).toMatchObject({ currentPlayers: 5, maxPlayers: 12, status: "open" });
  });

  it("answers an empty list for a court with no upcoming games", async () => {
    const quiet = await insertCourt(t.db, { name: "Quiet Court" });
    const response = await courtGames(quiet);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 404 for an unknown court and 400 for a bad id", async () => {
    const missing = await courtGames(424_242);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Court not found." });

    const bad = await courtGames("abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Court id must be a positive whole number");
  });
});
