import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CO_ORGANIZER_NOT_REGULAR,
  ONLY_ORGANIZER_MESSAGES,
  ONLY_ORGANIZER_NAMES,
  ONLY_ORGANIZER_REMOVES,
} from "../../../common/organizer-tools.ts";
import { RUN_NOT_FOUND, runSchema } from "../../../common/runs.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { coOrganizersOf } from "./co-organizers.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
});
afterAll(() => t.close());

const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });

/** A run of one date three days on, with a regular (the helper) and a seated player. */
async function run() {
  const organizer = await player("Coach");
  const firstDate = toZonedInputValue(new Date(Date.now() + 72 * 3_600_000), "America/Los_Angeles");
  const created = await callApi(t.app, "POST", "/api/runs", organizer.cookie, {
    courtId,
    title: "Tuesday Run",
    firstDate: firstDate.slice(0, 10),
    startTime: "18:30",
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    count: 1,
  });
  const made = runSchema.parse(created.json());
  const helper = await player("Helper");
  const seated = await player("Seated");
  expect(
    (await callApi(t.app, "PUT", `/api/runs/${made.id}/regular`, helper.cookie, {})).statusCode,
  ).toBe(200);
  const gameId = made.upcoming[0]?.id ?? 0;
  expect(
    (await callApi(t.app, "POST", `/api/games/${gameId}/join`, seated.cookie)).statusCode,
  ).toBe(200);
  return { organizer, helper, seated, runId: made.id, gameId };
}

const name = (runId: number, userId: string, cookie: string, method: "PUT" | "DELETE" = "PUT") =>
  callApi(t.app, method, `/api/runs/${runId}/co-organizers/${userId}`, cookie);
const removeSeat = (gameId: number, userId: string, cookie: string) =>
  callApi(t.app, "POST", `/api/games/${gameId}/players/${userId}/remove`, cookie, {
    reason: "No-show last week",
  });
const message = (runId: number, cookie: string) =>
  callApi(t.app, "POST", `/api/runs/${runId}/message`, cookie, { body: "Court 2 tonight" });

describe("co-organizers of a run", () => {
  it("a regular made co-organizer removes players and messages the regulars, until taken off", async () => {
    const { organizer, helper, seated, runId, gameId } = await run();
    expect((await removeSeat(gameId, seated.id, helper.cookie)).statusCode).toBe(403);
    expect((await message(runId, helper.cookie)).statusCode).toBe(403);

    const added = await name(runId, helper.id, organizer.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ coOrganizers: [helper.id] });
    const listed = await callApi(t.app, "GET", `/api/runs/${runId}/co-organizers`, seated.cookie);
    expect(listed.json()).toEqual({ coOrganizers: [helper.id] });
    expect((await name(runId, helper.id, organizer.cookie)).json()).toEqual({
      coOrganizers: [helper.id],
    });

    expect((await message(runId, helper.cookie)).statusCode).toBe(200);
    expect((await removeSeat(gameId, seated.id, helper.cookie)).statusCode).toBe(200);

    // Taken off: the tools go; the helper stays a regular.
    const off = await name(runId, helper.id, organizer.cookie, "DELETE");
    expect(off.json()).toEqual({ coOrganizers: [] });
    await callApi(t.app, "POST", `/api/games/${gameId}/join`, seated.cookie);
    const refused = await removeSeat(gameId, seated.id, helper.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ONLY_ORGANIZER_REMOVES);
    const silenced = await message(runId, helper.cookie);
    expect(silenced.statusCode).toBe(403);
    expect(silenced.json().message).toBe(ONLY_ORGANIZER_MESSAGES);
  });

  it("a co-organizer cancels and moves a date, the organizer told of the cancel; a regular may not", async () => {
    const { organizer, helper, seated, runId, gameId } = await run();
    const [date] = runSchema.parse(
      (await callApi(t.app, "GET", `/api/runs/${runId}`, organizer.cookie)).json(),
    ).upcoming;
    if (!date) throw new Error("the run has no date");
    const later = new Date(Date.parse(date.scheduledAt) + 3_600_000).toISOString();
    const move = (cookie: string) =>
      callApi(t.app, "PATCH", `/api/runs/${runId}/dates/${date.runDate}`, cookie, {
        scheduledAt: later,
      });
    const cancel = (cookie: string) =>
      callApi(t.app, "POST", `/api/games/${gameId}/cancel`, cookie);
    expect((await move(helper.cookie)).statusCode).toBe(403);
    expect((await cancel(helper.cookie)).statusCode).toBe(403);
    expect((await cancel(seated.cookie)).statusCode).toBe(403);

    await name(runId, helper.id, organizer.cookie);
    const moved = await move(helper.cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().upcoming[0].scheduledAt).toBe(later);
    const cancelled = await cancel(helper.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: gameId, status: "cancelled" });
    // Everyone but the one who cancelled hears of it: the organizer too.
    for (const told of [organizer, seated]) {
      expect((await notificationsOf(t.db, told.id, "game_cancelled")).length, told.id).toBe(1);
    }
    expect(await notificationsOf(t.db, helper.id, "game_cancelled")).toEqual([]);
  });

  it("only the run's organizer names them (403), only regulars (409), a run that exists (404)", async () => {
    const { organizer, helper, seated, runId } = await run();
    const notRegular = await name(runId, seated.id, organizer.cookie);
    expect(notRegular.statusCode).toBe(409);
    expect(notRegular.json().message).toBe(CO_ORGANIZER_NOT_REGULAR);
    const byRegular = await name(runId, helper.id, helper.cookie);
    expect(byRegular.statusCode).toBe(403);
    expect(byRegular.json().message).toBe(ONLY_ORGANIZER_NAMES);
    // A co-organizer cannot name others.
    await name(runId, helper.id, organizer.cookie);
    await callApi(t.app, "PUT", `/api/runs/${runId}/regular`, seated.cookie, {});
    expect((await name(runId, seated.id, helper.cookie)).statusCode).toBe(403);
    const missing = await name(2_000_000, helper.id, organizer.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RUN_NOT_FOUND);
  });

  it("unfollowing the run ends being its co-organizer", async () => {
    const { organizer, helper, runId } = await run();
    await name(runId, helper.id, organizer.cookie);
    expect(
      (await callApi(t.app, "DELETE", `/api/runs/${runId}/regular`, helper.cookie)).statusCode,
    ).toBeLessThan(300);
    expect((await message(runId, helper.cookie)).statusCode).toBe(403);
    expect(await coOrganizersOf(t.db, runId)).toEqual({ coOrganizers: [] });
  });

  it("named as they unfollow: one outcome, never a co-organizer who is not a regular", async () => {
    const { organizer, helper, runId } = await run();
    const [named, unfollowed] = await Promise.all([
      name(runId, helper.id, organizer.cookie),
      callApi(t.app, "DELETE", `/api/runs/${runId}/regular`, helper.cookie),
    ]);
    expect(unfollowed.statusCode).toBeLessThan(300);
    expect([200, 409]).toContain(named.statusCode);
    // Whichever came first, the unfollow leaves no co-organizer behind.
    expect(await coOrganizersOf(t.db, runId)).toEqual({ coOrganizers: [] });
  });
});
