import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  signUpUser,
  type TestApp,
  uniqueEmail,
} from "../test-support/test-app.ts";
import { INVALID_CREDENTIALS, SIGN_IN_LIMITS, TOO_MANY_SIGN_IN_ATTEMPTS } from "./accounts.ts";
import { KNOWN_DEVICE_COOKIE } from "./known-device.ts";

/**
 * Sign-in guessing. On PostgreSQL (TEST_DATABASE_URL, as in CI) the bursts below run on a pool
 * of 20 connections at once, so they are real races.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  if (!cookie) throw new Error(`no device cookie in ${response.statusCode}`);
  expect(cookie.httpOnly).toBe(true);
  return `${cookie.name}=${cookie.value}`;
}

async function sessionsOf(email: string): Promise<number> {
  const rows = await t.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows.length;
}

const checked = (responses: LightMyRequestResponse[]) =>
  responses.filter((r) => r.statusCode !== 429).length;

describe("guesses sent all at once", () => {
  it("300 simultaneous guesses at one account from one address: at most 10 are checked, the right one last is refused", async () => {
    const { email } = await signUpUser(t.app);
    const guesses = Array.from({ length: 300 }, (_, i) =>
      i === 299 ? DEFAULT_PASSWORD : `wrong guess ${i}`,
    );
    const responses = await Promise.all(guesses.map((p) => signIn(email, p, "10.20.0.1")));
    expect(checked(responses)).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAndAddress.max);
    for (const response of responses) expect([401, 429]).toContain(response.statusCode);
    const right = responses[299] as LightMyRequestResponse;
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: TOO_MANY_SIGN_IN_ATTEMPTS });
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(right.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(await sessionsOf(email)).toBe(1); // only the sign-up's
  });

  it("300 simultaneous guesses from 300 addresses: at most the account's bound is checked; the owner's browser still gets in", async () => {
    const { email } = await signUpUser(t.app);
    const home = await signIn(email, DEFAULT_PASSWORD, "10.21.0.1");
    expect(home.statusCode).toBe(200);
    const device = deviceCookieOf(home);

    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        signIn(email, `wrong guess ${i}`, `10.22.${Math.floor(i / 200)}.${(i % 200) + 1}`),
      ),
    );
    expect(checked(responses)).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.max);
    expect(checked(responses)).toBeGreaterThan(SIGN_IN_LIMITS.accountAndAddress.max);

    // A browser that never signed in to this account waits for the window to pass...
    expect((await signIn(email, DEFAULT_PASSWORD, "10.21.0.2")).statusCode).toBe(429);
    // ...while the owner's own browser is let in, from home or elsewhere.
    expect((await signIn(email, DEFAULT_PASSWORD, "10.21.0.1", device)).statusCode).toBe(200);
    expect((await signIn(email, DEFAULT_PASSWORD, "10.21.0.9", device)).statusCode).toBe(200);
  });
});

describe("lock-outs target the attacker, not the owner", () => {
  it("10 wrong passwords from one address lock that address out of that account only", async () => {
    const { email } = await signUpUser(t.app);
    for (let i = 0; i < 10; i++) {
      const response = await signIn(email, `wrong-${i}-password`, "10.30.0.1");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_CREDENTIALS });
    }
    const attacker = await signIn(email, DEFAULT_PASSWORD, "10.30.0.1");
    expect(attacker.statusCode).toBe(429);
    expect(attacker.headers["retry-after"]).toMatch(/^\d+$/);
    // The owner, from their own address and a browser that never signed in: let in.
    expect((await signIn(email, DEFAULT_PASSWORD, "10.30.0.2")).statusCode).toBe(200);
  });

  it("a known device has its own bound of 10 guesses", async () => {
    const { email } = await signUpUser(t.app);
    const device = deviceCookieOf(await signIn(email, DEFAULT_PASSWORD, "10.31.0.1"));
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, `wrong-${i}`, "10.31.0.1", device)).statusCode).toBe(401);
    }
    expect((await signIn(email, DEFAULT_PASSWORD, "10.31.0.1", device)).statusCode).toBe(429);
    // The device's guesses did not count against the address or the account.
    expect((await signIn(email, DEFAULT_PASSWORD, "10.31.0.1")).statusCode).toBe(200);
  });

  it("a device cookie for another account, or a forged one, counts as unknown", async () => {
    const { email } = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const otherDevice = deviceCookieOf(await signIn(other.email, DEFAULT_PASSWORD, "10.32.0.1"));
    for (let i = 0; i < 10; i++) await signIn(email, `wrong-${i}`, "10.32.0.2", otherDevice);
    expect((await signIn(email, DEFAULT_PASSWORD, "10.32.0.2", otherDevice)).statusCode).toBe(429);
    const forged = `${KNOWN_DEVICE_COOKIE}=${encodeURIComponent("someone:abc.forged")}`;
    expect((await signIn(email, DEFAULT_PASSWORD, "10.32.0.2", forged)).statusCode).toBe(429);
  });

  it("one address trying many accounts is stopped after 50, whatever the account", async () => {
    const { email } = await signUpUser(t.app);
    const device = deviceCookieOf(await signIn(email, DEFAULT_PASSWORD, "10.33.0.5"));
    for (let i = 0; i < SIGN_IN_LIMITS.address.max; i++) {
      expect(
        (await signIn(uniqueEmail(`spray${i}`), "wrong password", "10.33.0.1")).statusCode,
      ).toBe(401);
    }
    expect((await signIn(email, DEFAULT_PASSWORD, "10.33.0.1")).statusCode).toBe(429);
    expect((await signIn(email, DEFAULT_PASSWORD, "10.33.0.2")).statusCode).toBe(200);
    // The owner's browser behind that same address is still let in.
    expect((await signIn(email, DEFAULT_PASSWORD, "10.33.0.1", device)).statusCode).toBe(200);
  });

  it("a successful sign-in gives its attempts back: typos before it never add up", async () => {
    const { email } = await signUpUser(t.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await signIn(email, `typo-${round}-${i}`, "10.34.0.1")).statusCode).toBe(401);
      }
      expect((await signIn(email, DEFAULT_PASSWORD, "10.34.0.1")).statusCode).toBe(200);
    }
  });

  it("an unknown e-mail is limited exactly like a known one", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, `wrong-${i}`, "10.35.0.1")).statusCode).toBe(401);
    }
    expect((await signIn(email, "wrong again", "10.35.0.1")).statusCode).toBe(429);
  });
});
