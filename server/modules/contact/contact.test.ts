import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTACT_PER_HOUR,
  type ContactMessage,
  TOO_MANY_CONTACT,
} from "../../../common/contact.ts";
import { NOT_OPERATOR } from "../../../common/moderation.ts";
import { contactMessages, users } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/** The contact form sends, and operators read it (decision 117). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = {
  name: "Jordan Miles",
  email: "jordan@example.com",
  subject: "Appeal",
  message: "I was suspended for a joke between friends.",
};
let address = 0;
/** A visitor's POST, from its own address unless one is given. */
const send = (body: unknown, options: { cookie?: string; ip?: string } = {}) => {
  address += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: options.ip ?? `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: body as Record<string, unknown>,
  });
};
const stored = () => t.db.select().from(contactMessages);

describe("the contact form", () => {
  it("a visitor's message is kept, and an operator reads it with the player who sent one", async () => {
    expect((await send(form)).statusCode).toBe(201);
    const ben = await playerWithSession(t.app, t.db, { nickname: "Benny" });
    expect((await send({ ...form, subject: "From Ben" }, { cookie: ben.cookie })).statusCode).toBe(
      201,
    );

    const op = await playerWithSession(t.app, t.db, { nickname: "Olga" });
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
    const read = await callApi(t.app, "GET", "/api/operator/messages", op.cookie);
    expect(read.statusCode).toBe(200);
    const [latest, first] = read.json() as ContactMessage[];
    expect(latest).toMatchObject({ subject: "From Ben", player: { id: ben.id, name: "Benny" } });
    expect(first).toMatchObject({ ...form, player: null });

    // Olga became an operator after the first: told of the second, once.
    await send({ ...form, subject: "Again" });
    const told = await notificationsOf(t.db, op.id, "operator_queue");
    expect(told.map((n) => n.payload)).toEqual([{ what: "message" }]);

    const refused = await callApi(t.app, "GET", "/api/operator/messages", ben.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_OPERATOR);
    expect((await callApi(t.app, "GET", "/api/operator/messages")).statusCode).toBe(401);
  });

  it("refuses a missing field or a bad e-mail, naming the field, and keeps nothing", async () => {
    const before = (await stored()).length;
    const empty = await send({ ...form, message: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: "Message is required" });
    const email = await send({ ...form, email: "not-an-address" });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual({ email: "Invalid email address" });
    expect((await send({ ...form, subject: "x".repeat(151) })).statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it(`takes ${CONTACT_PER_HOUR} messages an hour from one address, then 429`, async () => {
    const answers = [];
    for (let i = 0; i <= CONTACT_PER_HOUR; i++) answers.push(await send(form, { ip: "10.99.0.1" }));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(CONTACT_PER_HOUR).fill(201), 429]);
    expect(answers.at(-1)?.json().message).toBe(TOO_MANY_CONTACT);
  });
});
