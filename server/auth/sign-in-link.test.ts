import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema.ts";
import { consumeLimit } from "../limits/rate-limit.ts";
import { accountMailsTo, MAIL_FROM, postForm, tokenIn } from "../test-support/account-mail.ts";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  sessionCookieOf,
  signUpUser,
  type TestApp,
} from "../test-support/test-app.ts";
import { SIGN_IN_LIMITS, TOO_MANY_SIGN_IN_ATTEMPTS } from "./accounts.ts";
import { KNOWN_DEVICE_COOKIE } from "./known-device.ts";
import { RESET_LIMITS } from "./recovery.ts";
import { SIGN_IN_LINK_SENT, SIGN_IN_LINK_USED } from "./sign-in-link.ts";

/**
 * Strangers spent an account's sign-in attempts: its owner, on a browser that never signed in
 * there, gets a one-time link by e-mail (a real SMTP server on loopback) that signs them in and
 * makes that browser a known one. On PostgreSQL (TEST_DATABASE_URL) the parallel uses race.
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
  return `10.88.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
};

/** The sign-in form as the page posts it, from a new browser at a new address. */
const signInForm = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams({ email, password }).toString(),
    remoteAddress: nextIp(),
  });

/** Strangers' wrong passwords from many addresses spend the account's bound (see sign-in-limits.test.ts). */
async function lockOut(email: string) {
  for (let i = 0; i < SIGN_IN_LIMITS.account.max; i++) {
    await consumeLimit(t.db, `sign-in:email:${email.toLowerCase()}`, SIGN_IN_LIMITS.account, "x");
  }
}

async function sessionsOf(email: string): Promise<number> {
  const rows = await t.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows.length;
}

const requestLink = (email: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: "POST",
    url: "/api/login/link",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ email }).toString(),
    remoteAddress,
  });

describe("an account locked by strangers", () => {
  it("offers its owner a sign-in link by e-mail, tells them once, and the link signs in a new browser", async () => {
    const { email } = await signUpUser(t.app);
    await lockOut(email);

    const refused = await signInForm(email, DEFAULT_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(TOO_MANY_SIGN_IN_ATTEMPTS);
    expect(refused.body).toContain('action="/api/login/link"');
    expect(refused.body).toContain("E-mail me a sign-in link");
    expect(await signInForm(email, "another wrong password")).toMatchObject({ statusCode: 429 });

    // The owner hears of it once in the window, however many refusals follow.
    const warnings = (await accountMailsTo(t.app, smtp, email)).filter((m) =>
      m.subject.startsWith("Many wrong passwords"),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain("/api/login/forgot");

    const asked = await requestLink(email);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(SIGN_IN_LINK_SENT);
    const [mail] = (await accountMailsTo(t.app, smtp, email)).filter((m) =>
      m.subject.startsWith("Your sign-in link"),
    );
    if (!mail) throw new Error("no sign-in link mailed");
    const token = tokenIn(mail.text, "/api/login/link");
    expect(token).toMatch(/^[\w-]{43}$/);

    // Opening the link only shows a button (a mail scanner cannot use it up).
    const page = await t.app.inject({ method: "GET", url: `/api/login/link?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/api/login/link/use"');
    const before = await sessionsOf(email);
    const used = await postForm(t.app, "/api/login/link/use", { token });
    expect(used.statusCode).toBe(303);
    expect(await sessionsOf(email)).toBe(before + 1);
    const session = sessionCookieOf(used);
    expect(
      (await t.app.inject({ url: "/api/auth/user", headers: { cookie: session } })).json(),
    ).toMatchObject({ email });

    // That browser is now a known one: its right password gets in despite the lockout.
    const device = used.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
    if (!device) throw new Error("no known-device cookie");
    const again = await signInForm(email, DEFAULT_PASSWORD, `${device.name}=${device.value}`);
    expect(again.statusCode).toBe(303);

    // Used once: never again.
    const replay = await postForm(t.app, "/api/login/link/use", { token });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(SIGN_IN_LINK_USED.split(".")[0]);
  });

  it("two uses of one link at once make one session", async () => {
    const { email } = await signUpUser(t.app);
    await requestLink(email);
    const [mail] = (await accountMailsTo(t.app, smtp, email)).filter((m) =>
      m.subject.startsWith("Your sign-in link"),
    );
    if (!mail) throw new Error("no sign-in link mailed");
    const token = tokenIn(mail.text, "/api/login/link");
    const before = await sessionsOf(email);
    const uses = await Promise.all(
      Array.from({ length: 4 }, () => postForm(t.app, "/api/login/link/use", { token })),
    );
    expect(uses.map((u) => u.statusCode).sort()).toEqual([303, 400, 400, 400]);
    expect(await sessionsOf(email)).toBe(before + 1);
  });

  it("answers an unknown address like a known one, mails nothing, and limits requests as resets are", async () => {
    const ghost = `ghost.${Date.now()}@example.com`;
    const response = await requestLink(ghost);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(SIGN_IN_LINK_SENT);
    expect(await accountMailsTo(t.app, smtp, ghost)).toEqual([]);

    const { email } = await signUpUser(t.app);
    for (let i = 1; i < RESET_LIMITS.email.max; i++) await requestLink(email);
    expect((await requestLink(email)).statusCode).toBe(200);
    const over = await requestLink(email);
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toMatch(/^\d+$/);
    const links = (await accountMailsTo(t.app, smtp, email)).filter((m) =>
      m.subject.startsWith("Your sign-in link"),
    );
    expect(links).toHaveLength(RESET_LIMITS.email.max);

    const bad = await requestLink("not an address");
    expect(bad.statusCode).toBe(400);
  });

  it("a forged or unknown token signs nobody in", async () => {
    const response = await postForm(t.app, "/api/login/link/use", { token: "x".repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.cookies.find((c) => c.name === "bwb_session")).toBeUndefined();
  });
});
