import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BANNED,
  NOT_OPERATOR,
  NOTHING_TO_HIDE,
  type OperatorReport,
  REPORT_ALREADY_RESOLVED,
  REPORT_SELF,
  REPORT_TARGET_NOT_FOUND,
  REPORTS_PER_HOUR,
  TOO_MANY_REPORTS,
} from "../../../common/moderation.ts";
import { auditLog, courtConditionReports, gameMessages, reports, users } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  signUpUser,
  type TestApp,
} from "../../test-support/test-app.ts";
import { setOperator } from "./operators.ts";

/**
 * Reports, operators and the audit log (decision 116). On PostgreSQL (TEST_DATABASE_URL) the
 * parallel cases race on a pool; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

type Player = { id: string; cookie: string };
const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });
let emails = 0;
async function operator(nickname = "Operator"): Promise<Player> {
  emails += 1;
  const email = `op${emails}.${Date.now()}@example.com`;
  const p = await playerWithSession(t.app, t.db, { nickname, email });
  expect(await setOperator(t.db, email.toUpperCase(), true)).toBe("granted");
  return p;
}
const call = (method: "GET" | "POST", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);
const message = (answer: { json(): unknown }) => (answer.json() as { message: string }).message;

/** A game with a thread: Ana organizes, Ben is seated and says something. */
async function chat() {
  const ana = await player("Ana");
  const ben = await player("Ben");
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: ana.id,
    players: [ben.id],
    startsInHours: 24,
    title: "Friday Run",
  });
  const said = await call("POST", `/api/games/${gameId}/messages`, ben.cookie, {
    body: "You all play like my grandma",
  });
  expect(said.statusCode).toBe(201);
  const messageId = String((said.json() as { id: number }).id);
  return { ana, ben, gameId, messageId };
}
const report = (who: Player, kind: string, targetId: string, reason = "harassment") =>
  call("POST", "/api/reports", who.cookie, { kind, targetId, reason });
const openReports = async (op: Player): Promise<OperatorReport[]> => {
  const answer = await call("GET", "/api/operator/reports", op.cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const resolve = (op: Player, id: number, body: unknown) =>
  call("POST", `/api/operator/reports/${id}/resolve`, op.cookie, body);
const auditRows = () => t.db.select().from(auditLog);

describe("reporting", () => {
  it("a player reports a message; reporting it again is the same report; the author is not told", async () => {
    const { ana, ben, messageId } = await chat();
    const first = await report(ana, "message", messageId);
    expect(first.statusCode).toBe(201);
    const again = await report(ana, "message", messageId);
    expect(again.json()).toEqual(first.json());
    const [row] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.id, (first.json() as { id: number }).id));
    expect(row).toMatchObject({ reporterId: ana.id, reportedUserId: ben.id, status: "open" });
    expect(await notificationsOf(t.db, ben.id, "moderation")).toEqual([]);
  });

  it("refuses oneself, what is not there and bad input, writing nothing", async () => {
    const ana = await player("Ana");
    const before = (await t.db.select().from(reports)).length;
    const self = await report(ana, "player", ana.id);
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe(REPORT_SELF);
    for (const [kind, id] of [
      ["player", "00000000-0000-0000-0000-000000000000"],
      ["message", "99999999"],
      ["game", "abc"],
      ["condition_report", "0"],
    ]) {
      const missing = await report(ana, kind as string, id as string);
      expect(missing.statusCode, `${kind} ${id}`).toBe(404);
      expect(message(missing)).toBe(REPORT_TARGET_NOT_FOUND);
    }
    const badKind = await report(ana, "court", "1");
    expect(badKind.statusCode).toBe(400);
    const badReason = await report(ana, "player", ana.id, "meh");
    expect(badReason.statusCode).toBe(400);
    expect((await call("POST", "/api/reports", undefined, {})).statusCode).toBe(401);
    expect((await t.db.select().from(reports)).length).toBe(before);
  });

  it(`counts ${REPORTS_PER_HOUR} reports an hour per player, then 429`, async () => {
    const ana = await player("Ana");
    const others = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) => player(`Other${i}`)),
    );
    const answers = [];
    for (const other of others) answers.push(await report(ana, "player", other.id, "spam"));
    expect(answers.slice(0, REPORTS_PER_HOUR).map((a) => a.statusCode)).toEqual(
      Array(REPORTS_PER_HOUR).fill(201),
    );
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(last && message(last)).toBe(TOO_MANY_REPORTS);
  });
});

describe("operators", () => {
  it("only an operator reads reports, acts or reads the log; every other player gets 403", async () => {
    const { ana, messageId } = await chat();
    const id = (await report(ana, "message", messageId)).json().id as number;
    const logBefore = (await auditRows()).length;
    for (const [method, url, body] of [
      ["GET", "/api/operator/reports"],
      ["GET", "/api/operator/audit"],
      ["POST", `/api/operator/reports/${id}/resolve`, { action: "dismiss", reason: "fine" }],
    ] as const) {
      const refused = await call(method, url, ana.cookie, body);
      expect(refused.statusCode, url).toBe(403);
      expect(message(refused)).toBe(NOT_OPERATOR);
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await call("GET", "/api/operator/me", ana.cookie)).json()).toEqual({
      operator: false,
    });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.status).toBe("open");
    expect((await auditRows()).length).toBe(logBefore);
  });

  it("sees the content and its context, hides the message for everyone, tells the author; the log has it", async () => {
    const { ana, ben, gameId, messageId } = await chat();
    const cyd = await player("Cyd");
    const id = (await report(ana, "message", messageId)).json().id as number;
    await report(cyd, "message", messageId, "hate");
    const op = await operator();
    expect((await call("GET", "/api/operator/me", op.cookie)).json()).toEqual({ operator: true });
    const listed = (await openReports(op)).find((r) => r.id === id);
    expect(listed).toMatchObject({
      kind: "message",
      reason: "harassment",
      reporter: { id: ana.id, name: "Ana" },
      reported: { id: ben.id, name: "Ben", suspendedUntil: null, banned: false },
      content: "You all play like my grandma",
      context: "Game chat of Friday Run at Test Court",
      link: `/game/${gameId}`,
      hidden: false,
      openReportsOnTarget: 2,
    });

    const bad = await resolve(op, id, { action: "suspend", reason: "x" });
    expect(bad.statusCode).toBe(400);
    const done = await resolve(op, id, { action: "hide", reason: "Insults in the chat" });
    expect(done.statusCode).toBe(200);
    const thread = await call("GET", `/api/games/${gameId}/messages`, ana.cookie);
    expect(thread.json().items).toEqual([]);
    // Cyd's report on the same message closed with it.
    const open = await t.db.select().from(reports).where(eq(reports.targetId, messageId));
    expect(open.map((r) => [r.status, r.action])).toEqual([
      ["resolved", "hide"],
      ["resolved", "hide"],
    ]);
    const [notice] = await notificationsOf(t.db, ben.id, "moderation");
    expect(notice?.payload).toEqual({
      action: "hide",
      what: "message",
      reason: "Insults in the chat",
    });
    const [entry] = (await call("GET", "/api/operator/audit?limit=1", op.cookie)).json().items;
    expect(entry).toMatchObject({
      operator: { id: op.id, name: "Operator" },
      action: "hide",
      target: { id: ben.id, name: "Ben" },
      reportId: id,
      reason: "Insults in the chat",
      summary: "hid a message",
    });
    const again = await resolve(op, id, { action: "dismiss", reason: "twice" });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(REPORT_ALREADY_RESOLVED);
  });

  it("a player has nothing to hide; a hidden condition report leaves the court's page", async () => {
    const op = await operator();
    const ana = await player("Ana");
    const ben = await player("Ben");
    const id = (await report(ana, "player", ben.id)).json().id as number;
    const hide = await resolve(op, id, { action: "hide", reason: "no" });
    expect(hide.statusCode).toBe(400);
    expect(message(hide)).toBe(NOTHING_TO_HIDE);
    expect((await t.db.select().from(reports).where(eq(reports.id, id)))[0]?.status).toBe("open");

    const [note] = await t.db
      .insert(courtConditionReports)
      .values({
        courtId,
        userId: ben.id,
        kind: "surface_wet",
        note: "Nasty words here",
        basis: "position",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: courtConditionReports.id });
    const conditions = async () =>
      (await call("GET", `/api/courts/${courtId}/conditions`, ana.cookie)).json() as unknown[];
    expect(await conditions()).toHaveLength(1);
    const noteReport = (await report(ana, "condition_report", String(note?.id))).json().id;
    expect((await resolve(op, noteReport, { action: "hide", reason: "Abuse" })).statusCode).toBe(
      200,
    );
    expect(await conditions()).toEqual([]);
  });

  it("a suspended player reads but writes nothing, is told why, and writes again when it ends", async () => {
    const { ana, ben, gameId, messageId } = await chat();
    const op = await operator();
    const id = (await report(ana, "message", messageId)).json().id as number;
    const done = await resolve(op, id, { action: "suspend", days: 3, reason: "Repeated insults" });
    expect(done.statusCode).toBe(200);
    const [notice] = await notificationsOf(t.db, ben.id, "moderation");
    expect(notice?.payload).toEqual({ action: "suspend", days: 3, reason: "Repeated insults" });

    const read = await call("GET", `/api/games/${gameId}/messages`, ben.cookie);
    expect(read.statusCode).toBe(200);
    const write = await call("POST", `/api/games/${gameId}/messages`, ben.cookie, {
      body: "Let me in",
    });
    expect(write.statusCode).toBe(403);
    expect(message(write)).toMatch(
      /^Your account is suspended until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: you can read, but not post/,
    );
    const leave = await call("POST", `/api/games/${gameId}/leave`, ben.cookie);
    expect(leave.statusCode).toBe(403);
    const bens = await t.db.select().from(gameMessages).where(eq(gameMessages.senderId, ben.id));
    expect(bens).toHaveLength(1);
    // Marking the notices read is still theirs to do.
    expect((await call("POST", "/api/notifications/read-all", ben.cookie)).statusCode).not.toBe(
      403,
    );

    // And appealing through the contact form.
    const appeal = await call("POST", "/api/contact", ben.cookie, {
      name: "Ben",
      email: "ben@example.com",
      subject: "Appeal",
      message: "It was a joke.",
    });
    expect(appeal.statusCode).toBe(201);

    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, ben.id));
    const after = await call("POST", `/api/games/${gameId}/messages`, ben.cookie, {
      body: "Sorry, all",
    });
    expect(after.statusCode).toBe(201);
  });

  it("a banned player's sessions end and they cannot sign in again", async () => {
    const ana = await player("Ana");
    const bad = await signUpUser(t.app);
    const me = await call("GET", "/api/auth/user", bad.cookie);
    const badId = (me.json() as { id: string }).id;
    const op = await operator();
    const id = (await report(ana, "player", badId)).json().id as number;
    expect((await resolve(op, id, { action: "ban", reason: "Threats" })).statusCode).toBe(200);
    expect((await call("GET", "/api/auth/user", bad.cookie)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { accept: "application/json" },
      payload: { email: bad.email, password: DEFAULT_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(message(signIn)).toBe(BANNED);
    const [entry] = (await call("GET", "/api/operator/audit?limit=1", op.cookie)).json().items;
    expect(entry).toMatchObject({ action: "ban", summary: "banned the player", reason: "Threats" });
  });

  it("the audit log cannot be edited or deleted, even by SQL", async () => {
    const op = await operator();
    const ana = await player("Ana");
    const id = (await report(ana, "player", op.id)).json().id as number;
    await resolve(op, id, { action: "dismiss", reason: "Nothing wrong" });
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => "done",
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(sql`update audit_log set reason = 'edited'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect((await auditRows()).some((r) => r.reason === "Nothing wrong")).toBe(true);
  });

  it("operators are told new reports wait, at most once an hour", async () => {
    const op = await operator();
    const ana = await player("Ana");
    const [ben, cyd] = [await player("Ben"), await player("Cyd")];
    expect((await report(ana, "player", ben.id)).statusCode).toBe(201);
    expect((await report(ana, "player", cyd.id)).statusCode).toBe(201);
    const told = await notificationsOf(t.db, op.id, "operator_queue");
    expect(told).toHaveLength(1);
    expect(told[0]?.payload).toEqual({ what: "report" });
    const bell = (await call("GET", "/api/notifications", op.cookie)).json().items;
    expect(bell).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "New reports to look at", link: "/operator" }),
      ]),
    );
    expect(await notificationsOf(t.db, ana.id, "operator_queue")).toEqual([]);
  });

  it("two operators acting on one report at once leave one outcome in the log", async () => {
    for (let round = 0; round < 5; round++) {
      const { ana, ben, messageId } = await chat();
      const [one, two] = await Promise.all([operator("OpOne"), operator("OpTwo")]);
      const id = (await report(ana, "message", messageId)).json().id as number;
      const answers = await Promise.all([
        resolve(one as Player, id, { action: "suspend", days: 7, reason: "One says" }),
        resolve(two as Player, id, { action: "ban", reason: "Two says" }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const logged = (await auditRows()).filter((r) => r.reportId === id);
      expect(logged).toHaveLength(1);
      const [bens] = await t.db.select().from(users).where(eq(users.id, ben.id));
      // The one outcome logged is the one applied.
      expect(logged[0]?.action === "ban").toBe(bens?.bannedAt !== null);
      expect(logged[0]?.action === "suspend").toBe(bens?.suspendedUntil !== null);
      expect(await notificationsOf(t.db, ben.id, "moderation")).toHaveLength(1);
    }
  });
});
