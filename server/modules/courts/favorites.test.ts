import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courts } from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt } from "./test-courts.ts";

let t: TestApp;
let courtA: number;
let courtB: number;
let retired: number;

beforeAll(async () => {
  t = await createTestApp();
  courtA = await insertCourt(t.db, { name: "Court A" });
  courtB = await insertCourt(t.db, { name: "Court B" });
  retired = await insertCourt(t.db, { name: "Retired Court", isActive: false });
});
afterAll(() => t.close());

const favorites = (cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/courts/favorites",
    headers: cookie ? { cookie } : {},
  });
const favorite = (method: "PUT" | "DELETE", id: number | string, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/courts/${id}/favorite`,
    headers: cookie ? { cookie } : {},
  });

describe("favorite courts when signed out", () => {
  it("answers 401 to every favorites call, before looking at the id", async () => {
    expect((await favorites()).statusCode).toBe(401);
    for (const method of ["PUT", "DELETE"] as const) {
      for (const id of [courtA, "abc"]) {
        const response = await favorite(method, id);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: "You need to sign in first." });
      }
    }
  });
});

describe("favorite courts when signed in", () => {
  it("starts empty, then PUT adds a court once however often it is sent", async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await favorites(cookie)).json()).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const response = await favorite("PUT", courtB, cookie);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
    }
    await favorite("PUT", courtA, cookie);
    const listed = await favorites(cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([courtA, courtB]);
  });

  it("DELETE removes a favorite, and removing it again still succeeds", async () => {
    const { cookie } = await signUpUser(t.app);
    await favorite("PUT", courtA, cookie);
    for (let i = 0; i < 2; i++) {
      expect((await favorite("DELETE", courtA, cookie)).statusCode).toBe(204);
    }
    expect((await favorites(cookie)).json()).toEqual([]);
  });

  it("answers 404 for an unknown or retired court, and stores nothing", async () => {
    const { cookie } = await signUpUser(t.app);
    for (const method of ["PUT", "DELETE"] as const) {
      for (const id of [999_999, retired]) {
        const response = await favorite(method, id, cookie);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: "Court not found." });
      }
    }
    expect((await favorites(cookie)).json()).toEqual([]);
  });

  it("answers 400 with a message for an id that is not a positive whole number", async () => {
    const { cookie } = await signUpUser(t.app);
    for (const id of ["abc", "0", "-1", "1.5", "1e3", "99999999999"]) {
      const response = await favorite("PUT", id, cookie);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({
        message: "Court id must be a positive whole number",
        errors: { id: "Court id must be a positive whole number" },
      });
    }
  });

  it("keeps each user's favorites to that user", async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await favorite("PUT", courtA, alice.cookie);
    await favorite("PUT", courtB, bob.cookie);

    expect((await favorites(alice.cookie)).json()).toEqual([courtA]);
    expect((await favorites(bob.cookie)).json()).toEqual([courtB]);

    // Bob "removing" court A acts on his own list only: Alice keeps hers.
    expect((await favorite("DELETE", courtA, bob.cookie)).statusCode).toBe(204);
    expect((await favorites(alice.cookie)).json()).toEqual([courtA]);
  });

  it("leaves out a favorite court once it is retired", async () => {
    const { cookie } = await signUpUser(t.app);
    const soonRetired = await insertCourt(t.db, { name: "Soon Retired" });
    await favorite("PUT", soonRetired, cookie);
    await favorite("PUT", courtA, cookie);
    await t.db.update(courts).set({ isActive: false }).where(eq(courts.id, soonRetired));
    expect((await favorites(cookie)).json()).toEqual([courtA]);
  });
});
