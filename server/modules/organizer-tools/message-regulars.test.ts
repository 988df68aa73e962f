import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_REQUIRED, MESSAGES_PER_HOUR, TOO_MANY_MESSAGES } from "../../../common/games.ts";
import { ONLY_ORGANIZER_MESSAGES } from "../../../common/organizer-tools.ts";
import { RUN_NOT_FOUND, runSchema } from "../../../common/runs.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { renderRow } from "../notifications/kinds.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
});
afterAll(() => t.close());

const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });

/** A weekly run from three days on, with two regulars. */
async function runWithRegulars() {
  const organizer = await player("Coach");
  const firstDate = toZonedInputValue(new Date(Date.now() + 72 * 3_600_000), "America/Los_Angeles");
  const created = await callApi(t.app, "POST", "/api/runs", organizer.cookie, {
    courtId,
    title: "Tuesday Run",
    firstDate: firstDate.slice(0, 10),
    startTime: "18:30",
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    count: 3,
  });
  expect(created.statusCode).toBe(201);
  const run = runSchema.parse(created.json());
  const regulars = [await player("Splash"), await player("Rookie")];
  for (const regular of regulars) {
    const follow = await callApi(t.app, "PUT", `/api/runs/${run.id}/regular`, regular.cookie, {});
    expect(follow.statusCode).toBe(200);
  }
  return { organizer, run, regulars };
}

const message = (runId: number, cookie: string | undefined, body: unknown) =>
  callApi(t.app, "POST", `/api/runs/${runId}/message`, cookie, body);

describe("POST /api/runs/{id}/message", () => {
  it("tells every regular, opening the run's next date; nobody else", async () => {
    const { organizer, run, regulars } = await runWithRegulars();
    const visitor = await player("Visitor");
    const response = await message(run.id, organizer.cookie, { body: "  Bring a dark shirt  " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ told: 2 });
    for (const regular of regulars) {
      const [told, ...more] = await notificationsOf(t.db, regular.id, "run_message");
      expect(more).toEqual([]);
      expect(told?.gameId).toBe(run.upcoming[0]?.id);
      expect(renderRow(told as { kind: string; payload: unknown })).toEqual({
        title: "Coach to the regulars of Tuesday Run",
        body: "“Bring a dark shirt”",
      });
    }
    expect(await notificationsOf(t.db, organizer.id, "run_message")).toEqual([]);
    expect(await notificationsOf(t.db, visitor.id, "run_message")).toEqual([]);
  });

  it("refuses anyone but the organizer (403), the signed-out (401), a missing run (404)", async () => {
    const { run, regulars } = await runWithRegulars();
    const [regular] = regulars;
    const byRegular = await message(run.id, regular?.cookie, { body: "Hi all" });
    expect(byRegular.statusCode).toBe(403);
    expect(byRegular.json().message).toBe(ONLY_ORGANIZER_MESSAGES);
    expect((await message(run.id, undefined, { body: "Hi all" })).statusCode).toBe(401);
    const missing = await message(2_000_000, regular?.cookie, { body: "Hi all" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RUN_NOT_FOUND);
    for (const r of regulars) {
      expect(await notificationsOf(t.db, r.id, "run_message")).toEqual([]);
    }
  });

  it("needs a message (400) and keeps the game thread's hourly limit (429)", async () => {
    const { organizer, run, regulars } = await runWithRegulars();
    const empty = await message(run.id, organizer.cookie, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors?.body).toBe(MESSAGE_REQUIRED);
    for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
      expect((await message(run.id, organizer.cookie, { body: `Note ${i}` })).statusCode).toBe(200);
    }
    const over = await message(run.id, organizer.cookie, { body: "One more" });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_MESSAGES);
    expect(await notificationsOf(t.db, regulars[0]?.id ?? "", "run_message")).toHaveLength(
      MESSAGES_PER_HOUR,
    );
  });
});
