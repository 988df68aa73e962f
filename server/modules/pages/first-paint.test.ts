import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entryServer from "../../../client/src/entry-server.tsx";
import { makeClientDir } from "../../test-support/client-dir.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;
let courtId: number;
let gameId: number;

beforeAll(async () => {
  client = makeClientDir();
  t = await createTestApp({ clientDir: client.dir, pageRenderer: entryServer });
  const organizerId = await insertPlayer(t.db);
  courtId = await insertCourtRow(t.db, { name: "Rucker Park", latitude: 40.83, longitude: -73.94 });
  gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId,
    players: [await insertPlayer(t.db)],
    startsInHours: 30,
    title: "Saturday Run",
    maxPlayers: 10,
  });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

describe("first paint", () => {
  it("renders pages", async () => {
    for (const url of ["/", "/leaderboard", `/game/${gameId}`, `/courts/${courtId}`, "/courts"]) {
      const response = await t.app.inject({ url });
      const { document } = new JSDOM(response.body).window;
      console.log(
        url,
        response.statusCode,
        response.body.length,
        document.getElementById("root")?.textContent?.slice(0, 1500),
        document.getElementById("server-state")?.textContent?.slice(0, 1500),
      );
    }
  });
});
