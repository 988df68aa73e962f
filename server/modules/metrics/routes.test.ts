import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { metricsSchema } from "../../../common/metrics.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { addCourt, addGame, addUser } from "./test-rows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const getMetrics = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/metrics", headers: cookie ? { cookie } : {} });

describe("GET /api/metrics", () => {
  it("answers visitors and signed-in users alike, in the shape of common/metrics", async () => {
    const visitor = await getMetrics();
    expect(visitor.statusCode).toBe(200);
    expect(metricsSchema.strict().parse(visitor.json())).toEqual({
      activeUsers: 0,
      totalCourts: 0,
      gamesPlayed: 0,
    });
    const { cookie } = await signUpUser(t.app);
    expect((await getMetrics(cookie)).statusCode).toBe(200);
  });

  it("follows the database once the shared answer has aged (10 s)", async () => {
    // Only Date is faked: the database driver's own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = (await getMetrics()).json();

    const organizerId = await addUser(t.db, { withProfile: true });
    const courtId = await addCourt(t.db);
    await addGame(t.db, { courtId, organizerId }, -3);
    // Within the window every poller shares the answer already counted.
    expect((await getMetrics()).json()).toEqual(before);

    vi.setSystemTime(Date.now() + 10_000);
    expect((await getMetrics()).json()).toEqual({
      activeUsers: before.activeUsers + 1,
      totalCourts: before.totalCourts + 1,
      gamesPlayed: before.gamesPlayed + 1,
    });
  });
});
