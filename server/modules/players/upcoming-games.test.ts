import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upcomingGameListSchema } from "../../../common/players.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { signedUpPlayer } from "../checkins/test-checkins.ts";
import { insertCourt, insertGame, insertOrganizer } from "../courts/test-courts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);

describe("GET /api/dashboard/upcoming-games", () => {
  it("lists future games still to be played, soonest first, with their court", async () => {
    const courtId = await insertCourt(t.db, { name: "Venice", address: "1800 Ocean Front Walk" });
    const retired = await insertCourt(t.db, { isActive: false });
    const organizerId = await insertOrganizer(t.db);
    const later = await insertGame(t.db, { courtId, organizerId, scheduledAt: hoursFromNow(5) });
    const soon = await insertGame(t.db, {
      courtId,
      organizerId,
      scheduledAt: hoursFromNow(1),
      title: "Morning run",
      currentPlayers: 4,
    });
    await insertGame(t.db, { courtId, organizerId, scheduledAt: hoursFromNow(-1) });
    await insertGame(t.db, {
      courtId,
      organizerId,
      scheduledAt: hoursFromNow(2),
      status: "cancelled",
    });
    await insertGame(t.db, { courtId: retired, organizerId, scheduledAt: hoursFromNow(2) });

    const { cookie } = await signedUpPlayer(t.app);
    const response = await t.app.inject({
      url: "/api/dashboard/upcoming-games",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = upcomingGameListSchema.parse(response.json());
    expect(list.map((g) => g.id)).toEqual([soon, later]);
    expect(list[0]).toMatchObject({
      title: "Morning run",
      currentPlayers: 4,
      maxPlayers: 10,
      court: { name: "Venice", address: "1800 Ocean Front Walk" },
    });
  });

  it("answers 401 signed out", async () => {
    const response = await t.app.inject({ url: "/api/dashboard/upcoming-games" });
    expect(response.statusCode).toBe(401);
  });
});
