import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { enqueue } from "../../db/job-queue.ts";
import { courtForecasts } from "../../db/schema.ts";
import { type JobRunner, startJobs } from "../../jobs/runner.ts";
import { eventually } from "../../test-support/eventually.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "../../test-support/open-meteo-server.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";

let database: Database;
let fake: FakeOpenMeteo;
let runner: JobRunner;
const silent = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeOpenMeteo();
  runner = await startJobs({
    database,
    config: loadConfig({ NODE_ENV: "test", WEATHER_URL: fake.url }),
    log: silent,
    mailer: null,
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await runner?.stop();
  await fake?.close();
  await database?.close();
});

describe("the weather job on the queue", () => {
  it("fills the forecasts of courts with games when its scheduled job runs", async () => {
    const organizer = await insertPlayer(database.db);
    const courtId = await insertCourtRow(database.db, { name: "Queue Court" });
    await insertGameWithPlayers(database.db, { courtId, organizerId: organizer, startsInHours: 6 });
    // What pg-boss's cron sends each hour.
    await enqueue(database.db, "weather-refresh", [{ data: {} }]);
    const rows = await eventually(async () => {
      const found = await database.db.select().from(courtForecasts);
      return found.length > 0 && found;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ courtId, rainPercent: 60 });
    expect(fake.requests).toHaveLength(1);
  });
});
