import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_REFUSED } from "../../common/text-filter.ts";
import { sessions, userCredentials, users } from "../db/schema.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  sessionCookieOf,
  signUpUser,
  type TestApp,
  uniqueEmail,
} from "../test-support/test-app.ts";
import { INVALID_CREDENTIALS } from "./accounts.ts";
import { sessionIdOf } from "./sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password },
    remoteAddress: ip,
  });

const currentUser = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers: cookie ? { cookie } : {} });

describe("sign-up", () => {
  it("creates an account, starts a session and lands on onboarding", async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { firstName: "Kobe", lastName: "Bean", email, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirectTo: "/onboarding" });
    const cookie = response.cookies.find((c) => c.name === "bwb_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();

    const me = await currentUser(sessionCookieOf(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      firstName: "Kobe",
      lastName: "Bean",
      email,
      hasProfile: false,
      hasCompletedOnboarding: false,
      profile: null,
      country: "US",
    });
    expect(me.body).not.toMatch(/password|hash|argon/i);
  });

  it("stores an argon2id hash with at least 19 MiB and 2 iterations, never the password", async () => {
    const { email } = await signUpUser(t.app);
    const [row] = await t.db
      .select({ hash: userCredentials.passwordHash })
      .from(userCredentials)
      .innerJoin(users, eq(users.id, userCredentials.userId))
      .where(eq(users.email, email));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, m, iterations] = row?.hash.match(/m=(\d+),t=(\d+)/) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(iterations)).toBeGreaterThanOrEqual(2);
    expect(row?.hash).not.toContain(DEFAULT_PASSWORD);
  });

  it("answers a known e-mail (in another letter case) as a new one, and the owner keeps it", async () => {
    const { email, password } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: {
        firstName: "A",
        lastName: "B",
        email: email.toUpperCase(),
        password: "another good password",
      },
      remoteAddress: "10.9.9.9",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirectTo: "/onboarding" });
    const newcomer = await currentUser(sessionCookieOf(response));
    expect(newcomer.json()).toMatchObject({
      email: null,
      pendingEmail: email.toUpperCase(),
      emailConfirmed: false,
    });
    const owners = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(owners).toHaveLength(1);
    // Signing in by that address finds the owner, with the owner's password only.
    expect((await signIn(email, password)).statusCode).toBe(200);
    expect((await signIn(email, "another good password", "10.9.9.8")).statusCode).toBe(401);
  });

  it.each([
    [
      "a short password",
      { password: "short1" },
      "password",
      "Password must be at least 8 characters",
    ],
    [
      "an over-long password",
      { password: "x".repeat(129) },
      "password",
      "Password must be at most 128 characters",
    ],
    [
      "a common password",
      { password: "Password123" },
      "password",
      "That password is too common. Please choose another.",
    ],
    ["a bad e-mail", { email: "not-an-email" }, "email", "Invalid email address"],
    ["a missing first name", { firstName: "" }, "firstName", "First name is required"],
    ["a first name the text filter refuses", { firstName: "Sh1thead" }, "firstName", TEXT_REFUSED],
    [
      "an over-long last name",
      { lastName: "x".repeat(101) },
      "lastName",
      "Last name must be at most 100 characters",
    ],
  ])("answers %s with 400 and a message, creating nothing", async (_, override, field, message) => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { firstName: "A", lastName: "B", email, password: DEFAULT_PASSWORD, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it("works as a browser form post: 303 to /onboarding", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        firstName: "Form",
        lastName: "Bro",
        email: uniqueEmail(),
        password: DEFAULT_PASSWORD,
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/onboarding");
  });

  it("re-renders the page with field errors and keeps what was typed, except the password", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "firstName=Len&lastName=Bias&email=len%40example.com&password=short",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("Password must be at least 8 characters");
    expect(response.body).toContain('value="Len"');
    expect(response.body).not.toContain('value="short"');
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password (any e-mail case) under a new session id", async () => {
    const { email, cookie: first } = await signUpUser(t.app);
    const response = await signIn(email.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    const second = sessionCookieOf(response);
    expect(second).not.toBe(first);
    expect((await currentUser(second)).json().email).toBe(email);
  });

  it("gives one generic message for a wrong password and an unknown e-mail", async () => {
    const { email } = await signUpUser(t.app);
    const wrongPassword = await signIn(email, "not the password", "10.0.0.2");
    const unknownEmail = await signIn(uniqueEmail("nobody"), DEFAULT_PASSWORD, "10.0.0.2");
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_CREDENTIALS });
      expect(response.cookies.find((c) => c.name === "bwb_session")).toBeUndefined();
    }
  });

  it("shows the wrong-password message on the sign-in page for a form post", async () => {
    const { email } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ email, password: "wrong password!" }).toString(),
      remoteAddress: "10.0.0.3",
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(INVALID_CREDENTIALS);
    expect(response.body).toContain(`value="${email}"`);
  });

  it("kills the session on sign-out: the old cookie is dead afterwards", async () => {
    const { cookie } = await signUpUser(t.app);
    const logout = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
    expect((await currentUser(cookie)).statusCode).toBe(401);
    const sid = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sessionIdOf(sid))),
    ).toHaveLength(0);
  });

  it("signs an API client out with 204 when it asks for JSON", async () => {
    const { cookie } = await signUpUser(t.app);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, accept: "application/json" },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe("");
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it("does not sign out on a navigation from another site", async () => {
    const { cookie } = await signUpUser(t.app);
    await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect((await currentUser(cookie)).statusCode).toBe(200);
  });

  it("lands on / once onboarding is complete", async () => {
    const { email } = await signUpUser(t.app);
    await t.db.update(users).set({ hasCompletedOnboarding: true }).where(eq(users.email, email));
    const response = await signIn(email, DEFAULT_PASSWORD, "10.0.0.4");
    expect(response.json()).toEqual({ redirectTo: "/" });
  });

  it("refuses a forged or expired session cookie", async () => {
    expect((await currentUser("bwb_session=forged.value")).statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app);
    await t.db.update(sessions).set({ expire: new Date(Date.now() - 1000) });
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe("back where you were (returnTo)", () => {
  const form = (url: string, fields: Record<string, string>, ip: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });

  it("carries the page through both forms of the sign-in page", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2Fgame%2F12" });
    const hidden = page.body.match(/<input type="hidden" name="returnTo" value="\/game\/12">/g);
    expect(hidden).toHaveLength(2);
  });

  it("a new account goes through onboarding, which carries the page on", async () => {
    const response = await form(
      "/api/signup",
      {
        firstName: "Back",
        lastName: "Again",
        email: uniqueEmail(),
        password: DEFAULT_PASSWORD,
        returnTo: "/game/12",
      },
      "10.80.0.1",
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/onboarding?returnTo=%2Fgame%2F12");
  });

  it("an onboarded player goes straight back, by form and by JSON", async () => {
    const { email } = await signUpUser(t.app);
    await t.db.update(users).set({ hasCompletedOnboarding: true }).where(eq(users.email, email));
    const byForm = await form(
      "/api/login",
      { email, password: DEFAULT_PASSWORD, returnTo: "/profile" },
      "10.80.0.2",
    );
    expect(byForm.headers.location).toBe("/profile");
    const byJson = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: DEFAULT_PASSWORD, returnTo: "/games?day=today" },
      remoteAddress: "10.80.0.2",
    });
    expect(byJson.json()).toEqual({ redirectTo: "/games?day=today" });
    // Already signed in: the sign-in page sends the player on at once.
    const again = await t.app.inject({
      method: "GET",
      url: "/api/login?returnTo=%2Fgame%2F7",
      headers: { cookie: sessionCookieOf(byJson) },
    });
    expect(again.headers.location).toBe("/game/7");
  });

  it("never leaves the site: other hosts, backslashes, control characters and API paths are ignored", async () => {
    const { email } = await signUpUser(t.app);
    await t.db.update(users).set({ hasCompletedOnboarding: true }).where(eq(users.email, email));
    for (const returnTo of [
      "//evil.example.com",
      "/\\evil.example.com",
      "https://evil.example.com/",
      "/game/12\r\nSet-Cookie: x=y",
      "/api/logout",
    ]) {
      const response = await form(
        "/api/login",
        { email, password: DEFAULT_PASSWORD, returnTo },
        "10.80.0.3",
      );
      expect(response.headers.location, returnTo).toBe("/");
    }
    const page = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2F%2Fevil" });
    expect(page.body).not.toContain('name="returnTo"');
  });

  it("keeps the page when the form comes back with an error", async () => {
    const response = await form(
      "/api/login",
      { email: uniqueEmail(), password: "wrong password", returnTo: "/game/12" },
      "10.80.0.4",
    );
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<input type="hidden" name="returnTo" value="/game/12">');
  });
});

describe("the sign-in page", () => {
  it("has the contract's labels and buttons", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(response.statusCode).toBe(200);
    for (const text of [
      ">Email<",
      ">Password<",
      ">First name<",
      ">Last name<",
      ">Sign in<",
      ">Create account<",
    ]) {
      expect(response.body).toContain(text);
    }
  });

  it("sends a signed-in visitor on to where they belong", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/login", headers: { cookie } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/onboarding");
  });
});

describe("cross-site writes", () => {
  it.each([
    [{ origin: "https://evil.example" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "https://sub.localhost:3000" }],
    [{ origin: "null" }],
  ])("refuses %o with 403", async (headers) => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      headers,
      payload: { firstName: "A", lastName: "B", email, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Cross-site requests are not allowed." });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each([
    [{ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    [{ origin: "http://localhost:3000" }],
    [{ origin: "null", "sec-fetch-site": "same-origin" }],
  ])("accepts the app's own pages (%o)", async (headers) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      headers,
      payload: { firstName: "A", lastName: "B", email: uniqueEmail(), password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});
