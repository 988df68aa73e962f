import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerProfiles, users, waitlist } from "../db/schema.ts";
import { callApi, playerWithSession } from "../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import { UNSTORABLE_TEXT } from "./well-formed-input.ts";

/**
 * Bad input anywhere is a 4xx, never a 500: every API route of the running app (read from its
 * own OpenAPI document) gets random bodies, queries and ids, some with lone UTF-16 surrogates
 * and U+0000, from a signed-in player.
 */

let t: TestApp;
let player: { id: string; cookie: string };
let routes: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A running instance, as main.ts starts one: /api/readyz is ready, so a 503 there is a fault.
  t.app.readiness.jobsStarted();
  player = await playerWithSession(t.app, t.db);
  const courtId = await insertCourtRow(t.db);
  await insertGameWithPlayers(t.db, { courtId, organizerId: player.id, startsInHours: 24 });
  const spec = (await callApi(t.app, "GET", "/api/openapi.json")).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => m.toUpperCase())
      .filter((m): m is (typeof routes)[number]["method"] =>
        ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(m),
      )
      // Sign-out would end the session the rest of the run signs in with; the live stream
      // never ends when its input is good (its own tests cover bad Last-Event-IDs and bounds).
      .filter(() => path !== "/api/logout" && path !== "/api/events")
      .map((method) => ({ method, path })),
  );
});
afterAll(() => t.close());

const LONE = ["\ud800", "\udfff", "a\udc00b", "\ud83d"];
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(...LONE),
  fc.string().map((s) => `${s}\u0000`),
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -0.5),
  fc.boolean(),
  fc.constant(null),
);
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "courtId",
      "city",
      "state",
      "latitude",
      "longitude",
      "nickname",
      "primaryPosition",
      "title",
      "scheduledAt",
      "maxPlayers",
      "gameType",
      "message",
      "rating",
      "ratings",
      "teamAScore",
      "teamBScore",
      "email",
      "name",
      "position",
      "password",
      "location",
    ),
    nasty,
  ),
  fc.jsonValue(),
);
const idSegment = fc.oneof(
  fc.constantFrom("1", "0", "-1", "2147483648", "99999999999999999999", "1.5", "abc", "%F0"),
  fc.nat().map(String),
);

function fill(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, id);
}

describe("every route, random bad input", () => {
  it("never answers 5xx", async () => {
    expect(routes.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        idSegment,
        body,
        fc.dictionary(fc.constantFrom("q", "lat", "lng", "from", "to", "courtId", "city"), nasty),
        async (pick, id, payload, query) => {
          const route = routes[pick % routes.length] as (typeof routes)[number];
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, String(v)]),
          ).toString();
          const url = `${fill(route.path, id)}${search ? `?${search}` : ""}`;
          const response = await callApi(
            t.app,
            route.method,
            url,
            player.cookie,
            route.method === "GET" ? undefined : payload,
          );
          if (response.statusCode >= 500) {
            throw new Error(`${route.method} ${url} → ${response.statusCode} ${response.body}`);
          }
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);
});

describe("lone UTF-16 surrogates", () => {
  it("POST /api/user/location with one is a 400 and changes nothing", async () => {
    const before = await t.db.select().from(users).where(eq(users.id, player.id));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/location",
      headers: { cookie: player.cookie, "content-type": "application/json" },
      payload: '{"city":"Los \\ud800 Angeles","state":"CA","latitude":34,"longitude":-118}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: UNSTORABLE_TEXT });
    expect(await t.db.select().from(users).where(eq(users.id, player.id))).toEqual(before);
  });

  it("is a 400 in a profile, a waitlist entry and an object key, storing nothing", async () => {
    const other = await playerWithSession(t.app, t.db, { nickname: null });
    for (const [url, payload] of [
      ["/api/profile", '{"nickname":"ab\\ud800cd","primaryPosition":"Point Guard"}'],
      [
        "/api/waitlist",
        '{"name":"x\\udc00","email":"lone@example.com","position":"PG","city":"LA"}',
      ],
      ["/api/profile", '{"nickname":"abcd","primaryPosition":"Point Guard","\\ud800":1}'],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie: other.cookie, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
    }
    expect(
      await t.db.select().from(playerProfiles).where(eq(playerProfiles.userId, other.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(waitlist).where(eq(waitlist.email, "lone@example.com")),
    ).toHaveLength(0);
  });

  it("keeps real emoji (surrogate pairs) working", async () => {
    const other = await playerWithSession(t.app, t.db, { nickname: null });
    const response = await callApi(t.app, "POST", "/api/profile", other.cookie, {
      nickname: "Splash 🏀",
      primaryPosition: "Point Guard",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().nickname).toBe("Splash 🏀");
  });
});
