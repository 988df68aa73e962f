import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { userIdentities, users } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import { upsertOidcUser } from "./oidc-accounts.ts";

// A real OpenID provider on loopback, with oidc-provider's development login and consent forms.
const accounts: Record<string, Record<string, unknown>> = {
  "sub-jordan": {
    email: "mj@bulls.example",
    email_verified: true,
    given_name: "Michael",
    family_name: "Jordan",
  },
};

let issuer: string;
let server: http.Server;
let t: TestApp;

beforeAll(async () => {
  // oidc-provider prints notices about its development-only settings.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "bros",
        client_secret: "bros-secret",
        redirect_uris: ["http://localhost:3000/api/callback"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
    },
    findAccount: (_ctx, sub) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["test-cookie-key"] },
  });
  server.on("request", provider.callback());
  t = await createTestApp({
    env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: "bros", OIDC_CLIENT_SECRET: "bros-secret" },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Walks the provider's login and consent pages like a browser, returning the callback URL. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) jar.set(name, value.join("="));
    }
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.pathname === "/api/callback") return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action)
      throw new Error(`provider page without a form (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1] ?? "";
    body = new URLSearchParams(
      prompt === "login" ? { prompt, login, password: "any" } : { prompt },
    );
  }
  throw new Error("too many hops at the provider");
}

async function startLogin(url = "/api/login") {
  const response = await t.app.inject({ method: "GET", url });
  const pending = response.cookies.find((c) => c.name === "bwb_oidc");
  return { response, cookie: `bwb_oidc=${pending?.value}` };
}

describe("OpenID Connect sign-in", () => {
  it("redirects to the issuer with PKCE, state and nonce", async () => {
    const { response } = await startLogin();
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/callback");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toBeTruthy();
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("nonce")).toBeTruthy();
  });

  it("signs in end to end, creating the user from the claims, and finds them again next time", async () => {
    const ids: string[] = [];
    for (let round = 0; round < 2; round++) {
      const { response, cookie } = await startLogin();
      const callback = await signInAtProvider(String(response.headers.location), "sub-jordan");
      const done = await t.app.inject({
        method: "GET",
        url: callback.pathname + callback.search,
        headers: { cookie },
      });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe("/onboarding");
      const session = done.cookies.find((c) => c.name === "bwb_session");
      const me = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie: `bwb_session=${session?.value}` },
      });
      expect(me.json()).toMatchObject({
        email: "mj@bulls.example",
        firstName: "Michael",
        lastName: "Jordan",
      });
      ids.push(me.json().id);
    }
    expect(ids[0]).toBe(ids[1]);
    const identities = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, "sub-jordan"));
    expect(identities).toEqual([expect.objectContaining({ issuer: `${issuer}`, userId: ids[0] })]);
  });

  it("comes back to the page the visitor was on (through onboarding for a new account)", async () => {
    const { response, cookie } = await startLogin("/api/login?returnTo=%2Fgame%2F12");
    const callback = await signInAtProvider(String(response.headers.location), "sub-jordan");
    const done = await t.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/onboarding?returnTo=%2Fgame%2F12");

    const outside = await startLogin("/api/login?returnTo=%2F%2Fevil.example.com");
    const back = await signInAtProvider(String(outside.response.headers.location), "sub-jordan");
    const landed = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      headers: { cookie: outside.cookie },
    });
    expect(landed.headers.location).toBe("/onboarding");
  });

  it("refuses a callback whose state does not match, starting no session", async () => {
    const { response, cookie } = await startLogin();
    const callback = await signInAtProvider(String(response.headers.location), "sub-jordan");
    callback.searchParams.set("state", "forged-state");
    const done = await t.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toBe("Sign-in could not be completed. Please sign in again.");
    expect(done.cookies.find((c) => c.name === "bwb_session")).toBeUndefined();
  });

  it("refuses a callback without the pending sign-in cookie", async () => {
    const done = await t.app.inject({ method: "GET", url: "/api/callback?code=x&state=y" });
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toBe("Your sign-in attempt expired. Please sign in again.");
  });

  it("turns the built-in password forms off", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "a@b.co", password: "x" },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("upsertOidcUser", () => {
  const claims = (over: Partial<Parameters<typeof upsertOidcUser>[1]> = {}) => ({
    issuer: "https://id.example",
    subject: `sub-${Math.random()}`,
    email: "shared@example.com",
    emailVerified: false,
    firstName: "Sam",
    lastName: "Jones",
    picture: null,
    ...over,
  });

  it("links an existing account by e-mail only when the issuer verified it", async () => {
    const [existing] = await t.db
      .insert(users)
      .values({ email: "Shared@Example.com", firstName: "Owner" })
      .returning({ id: users.id });
    const unverified = await upsertOidcUser(t.db, claims());
    expect(unverified).not.toBe(existing?.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, unverified));
    expect(row?.email).toBeNull();

    const verified = await upsertOidcUser(t.db, claims({ emailVerified: true }));
    expect(verified).toBe(existing?.id);
  });
});
