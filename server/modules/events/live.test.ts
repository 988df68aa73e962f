import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { type EventStream, openEventStream } from "../../test-support/event-stream.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { gameChanged, publish } from "./publish.ts";

const HOUR = 3_600_000;

let t: TestApp;
let base: string;
let courtId: number;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ liveLimits: { heartbeatMs: 200, perPlayer: 3, perAddress: 4 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  courtId = await insertCourtRow(t.db, { name: "Live Court" });
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  // The server notices closed streams on its next turn.
  await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(() => t.close());

async function stream(options: { cookie?: string; lastEventId?: string } = {}) {
  const s = await openEventStream(`${base}/api/events`, options);
  streams.push(s);
  return s;
}
const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });

async function openGame(cookie: string) {
  const response = await callApi(t.app, "POST", "/api/games", cookie, {
    courtId,
    title: "Live Run",
    scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
  });
  return response.json().id as number;
}

describe("GET /api/events", () => {
  it("streams to a visitor the seats changing, and nothing private", async () => {
    const visitor = await stream();
    expect(visitor.status).toBe(200);
    expect(visitor.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(visitor.response.headers["cache-control"]).toBe("no-cache, no-transform");

    const coach = await player("Coach");
    const rookie = await player("Rookie");
    const gameId = await openGame(coach.cookie);
    await callApi(t.app, "POST", `/api/games/${gameId}/join`, rookie.cookie);

    await visitor.until((s) => s.events.filter((e) => e.data.gameId === gameId).length >= 2);
    expect(visitor.events.map((e) => e.data.type)).not.toContain("notifications.changed");
    for (const event of visitor.events) expect(Number(event.id)).toBeGreaterThan(0);
  });

  it("streams to a player their own bell, never another player's", async () => {
    const coach = await player("Coach");
    const rookie = await player("Rookie");
    const bystander = await player("Bystander");
    const coachStream = await stream({ cookie: coach.cookie });
    const bystanderStream = await stream({ cookie: bystander.cookie });
    const gameId = await openGame(coach.cookie);
    await callApi(t.app, "POST", `/api/games/${gameId}/join`, rookie.cookie);

    await coachStream.next("notifications.changed");
    await bystanderStream.until((s) => s.events.some((e) => e.data.gameId === gameId));
    expect(bystanderStream.events.map((e) => e.data.type)).not.toContain("notifications.changed");
  });

  it("announces check-ins and check-outs with the court", async () => {
    const visitor = await stream();
    const me = await player("Walker");
    await callApi(t.app, "POST", "/api/checkin", me.cookie, { courtId });
    await callApi(t.app, "POST", "/api/checkout", me.cookie);
    await visitor.until(
      (s) =>
        s.events.filter((e) => e.data.type === "court.changed" && e.data.courtId === courtId)
          .length >= 2,
    );
  });

  it("announces only what committed", async () => {
    const visitor = await stream();
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, [gameChanged(999_001, courtId)]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.db.transaction((tx) => publish(tx, [gameChanged(999_002, courtId)]));
    await visitor.until((s) => s.events.some((e) => e.data.gameId === 999_002));
    expect(visitor.events.some((e) => e.data.gameId === 999_001)).toBe(false);
  });

  it("resumes after a reconnect from Last-Event-ID, and asks to resync when that is too old", async () => {
    const first = await stream();
    await publish(t.db, [gameChanged(999_010, courtId)]);
    const seen = await first.until((s) => s.events.find((e) => e.data.gameId === 999_010));
    first.close();
    // Missed while away.
    await publish(t.db, [gameChanged(999_011, courtId)]);
    await publish(t.db, [gameChanged(999_012, courtId)]);

    const resumed = await stream({ lastEventId: seen.id });
    await resumed.until((s) => s.events.some((e) => e.data.gameId === 999_012));
    const missed = resumed.events.map((e) => e.data.gameId).filter((id) => Number(id) >= 999_010);
    expect(missed).toEqual([999_011, 999_012]);

    await t.db.execute(sql`delete from live_events`);
    const tooOld = await stream({ lastEventId: seen.id });
    await tooOld.next("resync");
  });

  it("sends heartbeats to keep an idle stream open", async () => {
    const idle = await stream();
    await idle.until((s) => s.heartbeats >= 2, 5_000);
  });

  it("bounds one player's streams (and one visitor address's), answering 429", async () => {
    const me = await player("Tabs");
    const open = [
      await stream({ cookie: me.cookie }),
      await stream({ cookie: me.cookie }),
      await stream({ cookie: me.cookie }),
    ];
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await stream({ cookie: me.cookie });
    expect(fourth.status).toBe(429);
    await fourth.until((s) => s.ended);
    expect(JSON.parse(fourth.body)).toEqual({
      message: "Too many live connections are open. Close a tab and try again.",
    });
    open[0]?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stream({ cookie: me.cookie })).status).toBe(200);

    const visitors = [await stream(), await stream(), await stream(), await stream()];
    expect(visitors.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect((await stream()).status).toBe(429);
  });
});
