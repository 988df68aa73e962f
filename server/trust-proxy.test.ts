import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  type TestApp,
  uniqueEmail,
} from "./test-support/test-app.ts";

/** Sign-ups are limited per client address; which address that is depends on TRUST_PROXY. */
const SIGN_UPS_PER_HOUR = 20;

function signUpVia(t: TestApp, forwardedFor: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/signup",
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": forwardedFor },
    payload: {
      firstName: "Proxy",
      lastName: "Bro",
      email: uniqueEmail("proxy"),
      password: DEFAULT_PASSWORD,
    },
  });
}

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(() => t.close());

  it("counts each forwarded client address on its own", async () => {
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
      expect((await signUpVia(t, "203.0.113.7")).statusCode).toBe(200);
    }
    expect((await signUpVia(t, "203.0.113.7")).statusCode).toBe(429);
    expect((await signUpVia(t, "198.51.100.2")).statusCode).toBe(200);
  });
});

describe("without TRUST_PROXY", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For: a client cannot pick a fresh address per request", async () => {
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
      expect((await signUpVia(t, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    }
    expect((await signUpVia(t, "198.51.100.2")).statusCode).toBe(429);
  });
});
