import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_SENT } from "../../../common/account.ts";
import { accountTokens, sessions, users } from "../../db/schema.ts";
import { accountMailsTo, MAIL_FROM, postForm, tokenIn } from "../../test-support/account-mail.ts";
import { callApi } from "../../test-support/direct-session.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  sessionCookieOf,
  signUpUser,
  type TestApp,
  uniqueEmail,
} from "../../test-support/test-app.ts";

/**
 * Account links end to end through the real routes and a real SMTP server on loopback. On
 * PostgreSQL (TEST_DATABASE_URL) the parallel cases are real races.
 */

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
};

const signUp = (email: string, password = DEFAULT_PASSWORD) =>
  t.app.inject({
    method: "POST",
    url: "/api/signup",
    payload: { firstName: "Kobe", lastName: "Bean", email, password },
    remoteAddress: nextIp(),
  });

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password },
    remoteAddress: nextIp(),
  });

const me = async (cookie: string) => (await callApi(t.app, "GET", "/api/auth/user", cookie)).json();

describe("sign-up tells nobody who is registered", () => {
  it("answers a known address exactly as a new one; the owner is told, the newcomer owns nothing", async () => {
    const owner = await signUpUser(t.app);
    const fresh = await signUp(uniqueEmail());
    const taken = await signUp(owner.email.toUpperCase(), "a different password");
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const newcomer = await me(sessionCookieOf(taken));
    expect(newcomer).toMatchObject({
      email: null,
      pendingEmail: owner.email.toUpperCase(),
      emailConfirmed: false,
    });
    const mails = await accountMailsTo(t.app, smtp, owner.email);
    const told = mails.filter((m) => m.subject.startsWith("Someone tried"));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("/api/login/forgot");
    expect(told[0]?.text).not.toContain("token=");

    // 'Resend' answers as for anyone, and sends the owner nothing more.
    const resend = await callApi(
      t.app,
      "POST",
      "/api/account/confirmation",
      sessionCookieOf(taken),
    );
    expect(resend.json()).toEqual({ message: CONFIRMATION_SENT });
    expect(await accountMailsTo(t.app, smtp, owner.email)).toHaveLength(mails.length);
    // The address signs in to its owner only.
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await signIn(owner.email, "a different password")).statusCode).toBe(401);
  });

  it("parallel sign-ups for one new address: all answered alike, exactly one owns it", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp(email)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const owners = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(owners).toHaveLength(1);
    const provisional = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.pendingEmail, email));
    expect(provisional).toHaveLength(7);
    const mails = await accountMailsTo(t.app, smtp, email);
    expect(mails.filter((m) => m.subject.startsWith("Confirm your e-mail"))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith("Someone tried"))).toHaveLength(7);
  });
});

describe("confirming the address", () => {
  it("a link that works once, on a button (a mail scanner fetching the link uses nothing)", async () => {
    const email = uniqueEmail();
    const cookie = sessionCookieOf(await signUp(email));
    expect((await me(cookie)).emailConfirmed).toBe(false);
    const [mail] = await accountMailsTo(t.app, smtp, email);
    const token = tokenIn(mail?.text ?? "", "/api/account/confirm-email");
    expect(mail?.html).toContain("Confirm my address");

    const page = await t.app.inject({
      method: "GET",
      url: `/api/account/confirm-email?token=${token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Confirm my address");
    expect((await me(cookie)).emailConfirmed).toBe(false);

    const used = await postForm(t.app, "/api/account/confirm-email", { token });
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe("/settings?email=confirmed");
    expect((await me(cookie)).emailConfirmed).toBe(true);
    const again = await postForm(t.app, "/api/account/confirm-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("expired or was already used");
  });

  it("an expired link confirms nothing; 'Resend' sends a new one, up to a limit", async () => {
    const email = uniqueEmail();
    const cookie = sessionCookieOf(await signUp(email));
    const [mail] = await accountMailsTo(t.app, smtp, email);
    const token = tokenIn(mail?.text ?? "", "/api/account/confirm-email");
    await t.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await postForm(t.app, "/api/account/confirm-email", { token })).statusCode).toBe(400);
    expect((await me(cookie)).emailConfirmed).toBe(false);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await callApi(t.app, "POST", "/api/account/confirmation", cookie)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mails = await accountMailsTo(t.app, smtp, email);
    expect(mails).toHaveLength(6);
    const newest = tokenIn(mails.at(-1)?.text ?? "", "/api/account/confirm-email");
    // Only the newest link works.
    const older = tokenIn(mails.at(-2)?.text ?? "", "/api/account/confirm-email");
    expect((await postForm(t.app, "/api/account/confirm-email", { token: older })).statusCode).toBe(
      400,
    );
    expect(
      (await postForm(t.app, "/api/account/confirm-email", { token: newest })).statusCode,
    ).toBe(303);
    expect((await me(cookie)).emailConfirmed).toBe(true);
  });
});

describe("forgot password", () => {
  const forgot = (email: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: "POST", url: "/api/login/forgot", payload: { email }, remoteAddress });

  it("answers a known and an unknown address alike; the link sets a password once and ends every session", async () => {
    const user = await signUpUser(t.app);
    const other = await signIn(user.email, user.password);
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail("nobody"));
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mails = await accountMailsTo(t.app, smtp, user.email);
    const token = tokenIn(mails.at(-1)?.text ?? "", "/api/login/reset");
    const page = await t.app.inject({ method: "GET", url: `/api/login/reset?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('label for="reset-password">New password');

    const weak = await postForm(t.app, "/api/login/reset", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("at least 8 characters");

    const reset = await postForm(t.app, "/api/login/reset", {
      token,
      password: "a brand new secret",
    });
    expect(reset.statusCode).toBe(303);
    expect(reset.headers.location).toBe("/onboarding");
    const fresh = sessionCookieOf(reset);
    expect((await callApi(t.app, "GET", "/api/auth/user", fresh)).statusCode).toBe(200);
    for (const old of [user.cookie, sessionCookieOf(other)]) {
      expect((await callApi(t.app, "GET", "/api/auth/user", old)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, "a brand new secret")).statusCode).toBe(200);
    // The link reached the address: it counts as confirmed.
    expect((await me(fresh)).emailConfirmed).toBe(true);

    const reused = await postForm(t.app, "/api/login/reset", {
      token,
      password: "yet another secret",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain("expired or was already used");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/login/reset?token=${token}` })).statusCode,
    ).toBe(400);
  });

  it("an expired link sets nothing", async () => {
    const user = await signUpUser(t.app);
    await forgot(user.email);
    const token = tokenIn(
      (await accountMailsTo(t.app, smtp, user.email)).at(-1)?.text ?? "",
      "/api/login/reset",
    );
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, "reset_password"));
    const reset = await postForm(t.app, "/api/login/reset", {
      token,
      password: "a brand new secret",
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("one reset link submitted many times at once changes the password exactly once", async () => {
    const user = await signUpUser(t.app);
    await forgot(user.email);
    const token = tokenIn(
      (await accountMailsTo(t.app, smtp, user.email)).at(-1)?.text ?? "",
      "/api/login/reset",
    );
    const passwords = Array.from({ length: 8 }, (_, i) => `racing password ${i}`);
    const answers = await Promise.all(
      passwords.map((password) =>
        t.app.inject({ method: "POST", url: "/api/login/reset", payload: { token, password } }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(7);
    const works = await Promise.all(passwords.map((p) => signIn(user.email, p)));
    expect(works.flatMap((a, i) => (a.statusCode === 200 ? [i] : []))).toEqual(winners);
  });

  it("is limited per address and per client address", async () => {
    const user = await signUpUser(t.app);
    const perAddress = [];
    for (let i = 0; i < 4; i++) perAddress.push((await forgot(user.email)).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);
    const sameIp = nextIp();
    const perIp = [];
    for (let i = 0; i < 21; i++)
      perIp.push((await forgot(uniqueEmail("spray"), sameIp)).statusCode);
    expect(perIp.filter((s) => s === 429)).toEqual([429]);
    expect(perIp.at(-1)).toBe(429);
  });

  it("the page is a form with a label, linked from sign-in", async () => {
    const login = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(login.body).toContain('href="/api/login/forgot">Forgot password?');
    const page = await t.app.inject({ method: "GET", url: "/api/login/forgot" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('label for="forgot-email">Email');
    const sent = await postForm(t.app, "/api/login/forgot", { email: uniqueEmail() });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("If an account uses that address");
  });
});

describe("Settings: password and e-mail", () => {
  it("change password: the current one is required; other sessions end, this one stays", async () => {
    const user = await signUpUser(t.app);
    const other = sessionCookieOf(await signIn(user.email, user.password));
    const wrong = await callApi(t.app, "POST", "/api/account/password", user.cookie, {
      currentPassword: "not it at all",
      newPassword: "a brand new secret",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty("password");
    expect((await callApi(t.app, "GET", "/api/auth/user", other)).statusCode).toBe(200);

    const changed = await callApi(t.app, "POST", "/api/account/password", user.cookie, {
      currentPassword: user.password,
      newPassword: "a brand new secret",
    });
    expect(changed.statusCode).toBe(200);
    expect((await callApi(t.app, "GET", "/api/auth/user", user.cookie)).statusCode).toBe(200);
    expect((await callApi(t.app, "GET", "/api/auth/user", other)).statusCode).toBe(401);
    expect((await signIn(user.email, "a brand new secret")).statusCode).toBe(200);
    const mails = await accountMailsTo(t.app, smtp, user.email);
    expect(mails.some((m) => m.subject.startsWith("Your password was changed"))).toBe(true);
  });

  it("change e-mail: a link to the new address, the old one told; the change waits for the link", async () => {
    const user = await signUpUser(t.app);
    const newEmail = uniqueEmail("moved");
    const asked = await callApi(t.app, "POST", "/api/account/email", user.cookie, {
      password: user.password,
      newEmail,
    });
    expect(asked.statusCode).toBe(200);
    expect((await me(user.cookie)).email).toBe(user.email);
    const toOld = await accountMailsTo(t.app, smtp, user.email);
    expect(toOld.some((m) => m.text.includes(newEmail))).toBe(true);
    const [link] = await accountMailsTo(t.app, smtp, newEmail);
    const token = tokenIn(link?.text ?? "", "/api/account/new-email");
    const used = await postForm(t.app, "/api/account/new-email", { token });
    expect(used.statusCode).toBe(303);
    expect(await me(user.cookie)).toMatchObject({ email: newEmail, emailConfirmed: true });
    expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await postForm(t.app, "/api/account/new-email", { token })).statusCode).toBe(400);
  });

  it("change e-mail to an owned address: the same answer, the owner told, no link", async () => {
    const owner = await signUpUser(t.app);
    const user = await signUpUser(t.app);
    const before = (await accountMailsTo(t.app, smtp, owner.email)).length;
    const asked = await callApi(t.app, "POST", "/api/account/email", user.cookie, {
      password: user.password,
      newEmail: owner.email,
    });
    expect(asked.statusCode).toBe(200);
    const mails = await accountMailsTo(t.app, smtp, owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toMatch(/^Someone tried/);
    expect(mails.at(-1)?.text).not.toContain("token=");
  });

  it("a provisional account leaves its borrowed address by changing to its own", async () => {
    const owner = await signUpUser(t.app);
    const taken = await signUp(owner.email, "a newcomer password");
    const cookie = sessionCookieOf(taken);
    const newEmail = uniqueEmail("own");
    await callApi(t.app, "POST", "/api/account/email", cookie, {
      password: "a newcomer password",
      newEmail,
    });
    const [link] = await accountMailsTo(t.app, smtp, newEmail);
    await postForm(t.app, "/api/account/new-email", {
      token: tokenIn(link?.text ?? "", "/api/account/new-email"),
    });
    expect(await me(cookie)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailConfirmed: true,
    });
  });
});

describe("Settings: sessions", () => {
  const CHROME_MAC =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const SAFARI_IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const signInAs = (email: string, password: string, userAgent: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password },
      headers: { "user-agent": userAgent },
      remoteAddress: nextIp(),
    });

  it("lists devices with this one marked; signs out one, then everywhere else", async () => {
    const user = await signUpUser(t.app);
    const laptop = sessionCookieOf(await signInAs(user.email, user.password, CHROME_MAC));
    const phone = sessionCookieOf(await signInAs(user.email, user.password, SAFARI_IPHONE));
    const list = await callApi(t.app, "GET", "/api/account/sessions", laptop);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; device: string; current: boolean }[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ device: "Chrome on macOS", current: true });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const phoneRow = rows.find((r) => r.device === "Safari on iPhone");
    if (!phoneRow) throw new Error("phone session not listed");

    // Another account cannot end it.
    const stranger = await signUpUser(t.app);
    expect(
      (await callApi(t.app, "DELETE", `/api/account/sessions/${phoneRow.id}`, stranger.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, "DELETE", `/api/account/sessions/${phoneRow.id}`, laptop)).statusCode,
    ).toBe(204);
    expect((await callApi(t.app, "GET", "/api/auth/user", phone)).statusCode).toBe(401);

    const others = await callApi(t.app, "POST", "/api/account/sessions/end-others", laptop);
    expect(others.json()).toEqual({ ended: 1 });
    expect((await callApi(t.app, "GET", "/api/auth/user", user.cookie)).statusCode).toBe(401);
    expect((await callApi(t.app, "GET", "/api/auth/user", laptop)).statusCode).toBe(200);
  });

  it("a session ends at its absolute lifetime however busy it is", async () => {
    const user = await signUpUser(t.app);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = (
      select id from users where email = ${user.email})`);
    if (!row) throw new Error("no session");
    const old = new Date(Date.now() - 91 * 24 * 3600_000).toISOString();
    await t.db
      .update(sessions)
      .set({ sess: { ...row.sess, createdAt: old, lastSeenAt: new Date().toISOString() } })
      .where(eq(sessions.sid, row.sid));
    expect((await callApi(t.app, "GET", "/api/auth/user", user.cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, row.sid))).toHaveLength(0);
  });
});
