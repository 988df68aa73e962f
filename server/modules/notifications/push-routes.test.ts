import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions, serverKeys } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { startPushReceiver } from "../../test-support/push-receiver.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { PUSH_DEVICES_MAX, PUSH_ENDPOINT_REFUSED } from "./push.ts";

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);
const devicesOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("web push devices", () => {
  it("hands out one VAPID public key, made once and kept", async () => {
    const me = await playerWithSession(t.app, t.db);
    const first = await call("GET", "/api/push/public-key", me.cookie);
    const second = await call("GET", "/api/push/public-key", me.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.json()).toEqual(first.json());
    const [stored] = await t.db.select().from(serverKeys);
    expect(stored?.value.publicKey).toBe(first.json().publicKey);
  });

  it("saves a device, moves it to whoever subscribes that browser next, and forgets it on request", async () => {
    const me = await playerWithSession(t.app, t.db);
    const partner = await playerWithSession(t.app, t.db);
    const device = receiver.device("shared-laptop");
    expect(
      (await call("POST", "/api/push/subscriptions", me.cookie, device.subscription)).statusCode,
    ).toBe(204);
    expect(
      (await call("POST", "/api/push/subscriptions", me.cookie, device.subscription)).statusCode,
    ).toBe(204);
    expect(await devicesOf(me.id)).toHaveLength(1);

    await call("POST", "/api/push/subscriptions", partner.cookie, device.subscription);
    expect(await devicesOf(me.id)).toHaveLength(0);
    expect(await devicesOf(partner.id)).toHaveLength(1);

    // Someone else's device is not theirs to remove.
    await call("DELETE", "/api/push/subscriptions", me.cookie, {
      endpoint: device.subscription.endpoint,
    });
    expect(await devicesOf(partner.id)).toHaveLength(1);
    const removed = await call("DELETE", "/api/push/subscriptions", partner.cookie, {
      endpoint: device.subscription.endpoint,
    });
    expect(removed.statusCode).toBe(204);
    expect(await devicesOf(partner.id)).toHaveLength(0);
  });

  it(`keeps the ${PUSH_DEVICES_MAX} newest devices of a player`, async () => {
    const me = await playerWithSession(t.app, t.db);
    for (let i = 0; i < PUSH_DEVICES_MAX + 3; i++) {
      await call(
        "POST",
        "/api/push/subscriptions",
        me.cookie,
        receiver.device(`browser-${i}`).subscription,
      );
    }
    const kept = (await devicesOf(me.id)).map((d) => d.endpoint.split("/").pop());
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept).not.toContain("browser-0");
    expect(kept).toContain(`browser-${PUSH_DEVICES_MAX + 2}`);
  });

  it("refuses what is not a browser's push subscription with 400, saving nothing", async () => {
    const me = await playerWithSession(t.app, t.db);
    const good = receiver.device("good").subscription;
    for (const body of [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: "not a url" },
      { ...good, keys: { ...good.keys, p256dh: "short" } },
      { ...good, keys: { ...good.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } },
      { ...good, endpoint: "http://push.example.com/x" },
      { ...good, endpoint: "https://10.0.0.8/x" },
      { ...good, endpoint: "https://localhost/x" },
      { ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` },
    ]) {
      const response = await call("POST", "/api/push/subscriptions", me.cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    const refused = await call("POST", "/api/push/subscriptions", me.cookie, {
      ...good,
      endpoint: "http://push.example.com/x",
    });
    expect(refused.json().message).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await devicesOf(me.id)).toEqual([]);
  });

  it("is for signed-in players only", async () => {
    expect((await call("GET", "/api/push/public-key")).statusCode).toBe(401);
    const body = receiver.device("anon").subscription;
    expect((await call("POST", "/api/push/subscriptions", undefined, body)).statusCode).toBe(401);
    expect((await call("DELETE", "/api/push/subscriptions", undefined, body)).statusCode).toBe(401);
  });
});
