import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_ON_WAITLIST,
  WAITLIST_NAME_MAX,
  WAITLIST_POSITION_MAX,
  waitlistSignupSchema,
} from "../../../common/waitlist.ts";
import { waitlist } from "../../db/schema.ts";
import { createTestApp, type TestApp, uniqueEmail } from "../../test-support/test-app.ts";
import { WAITLIST_SIGNUPS_PER_ADDRESS } from "./routes.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test posts from its own address, so the per-address limit of one test never
// leaks into another.
let lastAddress = 0;
const newAddress = () => {
  lastAddress += 1;
  return `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

const signup = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail("hooper"),
  name: "Jordan Miles",
  city: "Los Angeles",
  position: "PG",
  ...overrides,
});

const postWaitlist = (payload: unknown, remoteAddress = newAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/api/waitlist",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
    remoteAddress,
  });

const rowsFor = (email: string) =>
  t.db.select().from(waitlist).where(sql`lower(${waitlist.email}) = lower(${email})`);

const countRows = async () => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(waitlist);
  return row?.n ?? 0;
};

describe("POST /api/waitlist", () => {
  it("answers 201 with the stored entry, e-mail kept as typed", async () => {
    const email = `Mixed.Case.${Date.now()}@Example.com`;
    const response = await postWaitlist(
      signup({ email: `  ${email} `, name: " Jordan Miles ", city: "Venice", position: "SG" }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email,
      name: "Jordan Miles",
      city: "Venice",
      position: "SG",
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);

    const rows = await rowsFor(email);
    expect(rows).toEqual([
      expect.objectContaining({ id: body.id, email, name: "Jordan Miles", city: "Venice" }),
    ]);
  });

  it("refuses the same e-mail in another letter case with 409 and keeps one row", async () => {
    const email = uniqueEmail("dupe");
    expect((await postWaitlist(signup({ email }))).statusCode).toBe(201);

    const again = await postWaitlist(signup({ email: email.toUpperCase(), name: "Someone Else" }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_ON_WAITLIST });
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    ["name", "Name is required"],
    ["email", "Invalid email address"],
    ["position", "Position is required"],
    ["city", "City is required"],
  ])("answers 400 with '%s: %s' when the field is missing or blank", async (field, message) => {
    const missing = signup();
    delete (missing as Record<string, unknown>)[field];
    const blank = signup({ [field]: "   " });
    for (const payload of [missing, blank]) {
      const response = await postWaitlist(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { [field]: message } });
    }
  });

  it("answers 400 with every field's message for an empty form", async () => {
    const response = await postWaitlist({ email: "", name: "", city: "", position: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: "Invalid email address",
      name: "Name is required",
      city: "City is required",
      position: "Position is required",
    });
  });

  it("answers 400 for over-long fields and stores nothing", async () => {
    const before = await countRows();
    const cases: [Record<string, string>, string, string][] = [
      [
        { email: `${"a".repeat(250)}@example.com` },
        "email",
        "Email must be at most 255 characters",
      ],
      [{ name: "n".repeat(WAITLIST_NAME_MAX + 1) }, "name", "Name must be at most 255 characters"],
      [{ city: "c".repeat(256) }, "city", "City must be at most 255 characters"],
      [
        { position: "p".repeat(WAITLIST_POSITION_MAX + 1) },
        "position",
        "Position must be at most 100 characters",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await postWaitlist(signup(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ [field]: message });
    }
    expect(await countRows()).toBe(before);
  });

  it("accepts fields exactly at their limits", async () => {
    const response = await postWaitlist(
      signup({ name: "n".repeat(WAITLIST_NAME_MAX), position: "p".repeat(WAITLIST_POSITION_MAX) }),
    );
    expect(response.statusCode).toBe(201);
  });

  it(`answers 429 after ${WAITLIST_SIGNUPS_PER_ADDRESS} signups from one address`, async () => {
    const address = newAddress();
    for (let i = 0; i < WAITLIST_SIGNUPS_PER_ADDRESS; i++) {
      expect((await postWaitlist(signup(), address)).statusCode).toBe(201);
    }
    const before = await countRows();
    const refused = await postWaitlist(signup(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/try again later/);
    expect(await countRows()).toBe(before);
    // Another address is not held back by this one's burst.
    expect((await postWaitlist(signup())).statusCode).toBe(201);
  });

  it("lets exactly one of ten simultaneous identical signups in", async () => {
    const payload = signup({ email: uniqueEmail("race") });
    // Distinct addresses: this test is about the unique index, not the rate limit.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWaitlist(payload, newAddress())),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await rowsFor(payload.email)).toHaveLength(1);
  });

  it("never answers 5xx nor stores a row for bad input", async () => {
    const notAString = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    const anyText = fc.string({ unit: "binary", maxLength: 300 });
    const field = (valid: fc.Arbitrary<string>) =>
      fc.option(fc.oneof(valid, anyText, notAString, fc.constant("  "), fc.constant("\u0000")), {
        nil: undefined,
      });
    const badSignup = fc
      .record({
        email: field(fc.emailAddress()),
        name: field(fc.constant("Jordan")),
        city: field(fc.constant("Oakland")),
        position: field(fc.constantFrom("PG", "SG", "SF", "PF", "C")),
      })
      .filter((body) => !waitlistSignupSchema.safeParse(body).success);
    const anyBody = fc.oneof(badSignup, fc.jsonValue());

    const before = await countRows();
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        if (waitlistSignupSchema.safeParse(body).success) return;
        const response = await postWaitlist(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }),
      { numRuns: 150 },
    );
    expect(await countRows()).toBe(before);
  });
});

describe("POST /api/waitlist/form (the form sent before the app hydrated it, issue 31)", () => {
  const postForm = (fields: Record<string, string>, remoteAddress = newAddress()) =>
    t.app.inject({
      method: "POST",
      url: "/api/waitlist/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });

  it("saves the entry and answers 303 to /waitlist?joined=1, no field in the address", async () => {
    const fields = signup() as Record<string, string>;
    const response = await postForm(fields);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/waitlist?joined=1");
    expect(await rowsFor(fields.email ?? "")).toEqual([
      expect.objectContaining({ name: "Jordan Miles", city: "Los Angeles", position: "PG" }),
    ]);
  });

  it("sends an empty or invalid form back as ?problem=invalid and saves nothing", async () => {
    const before = await countRows();
    const response = await postForm({ email: "not-an-email", name: "", city: "", position: "" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/waitlist?problem=invalid");
    expect(await countRows()).toBe(before);
  });

  it("says ?problem=already for an e-mail on the list, and ?problem=busy past the limit", async () => {
    const email = uniqueEmail("form-dupe");
    expect((await postForm(signup({ email }) as Record<string, string>)).statusCode).toBe(303);
    const again = await postForm(signup({ email: email.toUpperCase() }) as Record<string, string>);
    expect(again.headers.location).toBe("/waitlist?problem=already");
    expect(await rowsFor(email)).toHaveLength(1);

    const address = newAddress();
    for (let i = 0; i < WAITLIST_SIGNUPS_PER_ADDRESS; i += 1) {
      await postForm(signup() as Record<string, string>, address);
    }
    const refused = signup() as Record<string, string>;
    const busy = await postForm(refused, address);
    expect(busy.headers.location).toBe("/waitlist?problem=busy");
    expect(await rowsFor(refused.email ?? "")).toEqual([]);
  });

  it("refuses a cross-site form post (403) and saves nothing", async () => {
    const fields = signup() as Record<string, string>;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/waitlist/form",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(await rowsFor(fields.email ?? "")).toEqual([]);
  });
});
