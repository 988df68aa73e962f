import { lookup } from "node:dns/promises";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { hostname } from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertPlayer } from "../../test-support/game-rows.ts";
import { type PushReceiver, startPushReceiver } from "../../test-support/push-receiver.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { type DeliveryDeps, deliverNotification, PUSH_FAILURES_MAX } from "./delivery.ts";
import { notify } from "./notify.ts";
import { PUSH_ENDPOINT_REFUSED, vapidKeysOnce } from "./push.ts";
import { isPublicAddress, pushAddress, resolveHost } from "./push-address.ts";

const PUBLIC_URL = "https://bros.example.com";
const SECRET = "a-test-session-secret-of-at-least-32-chars";

/** A listening loopback server that only counts the TCP connections it is offered. */
async function startTrap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test DNS: these names resolve to loopback, as an attacker's zone can make them. */
const rebound = new Set(["push.attacker.example", "rebind.attacker.example"]);
const testResolve = async (host: string) =>
  rebound.has(host) ? ["127.0.0.1"] : host === "v6.attacker.example" ? ["::1"] : resolveHost(host);

let t: TestApp;
let trap: Awaited<ReturnType<typeof startTrap>>;
let receiver: PushReceiver;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { NODE_ENV: "production", PUBLIC_URL, SESSION_SECRET: SECRET },
  });
  trap = await startTrap();
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await trap.close();
  await receiver.close();
  await t.close();
});

function deps(allowLoopback: boolean): DeliveryDeps {
  return {
    db: t.db,
    mailer: null,
    publicUrl: PUBLIC_URL,
    secret: SECRET,
    vapidKeys: vapidKeysOnce(t.db, {
      vapid: undefined,
      vapidSubject: undefined,
      publicUrl: PUBLIC_URL,
      mail: undefined,
    }),
    pushAddresses: { allowLoopback, resolve: testResolve },
  };
}

/** A badge notice (pushed, never held by quiet hours) for a player with these devices. */
async function noticeFor(endpoints: string[]) {
  const userId = await insertPlayer(t.db);
  const keys = receiver.device(`keys-${userId}`).subscription.keys;
  for (const endpoint of endpoints) {
    await t.db.insert(pushSubscriptions).values({ userId, endpoint, ...keys });
  }
  seq += 1;
  const [id] = await notify(t.db, [
    { kind: "badge_earned", userId, payload: { badgeType: "iron_bro" }, dedupeKey: `b${seq}` },
  ]);
  if (id === undefined) throw new Error("no notification written");
  const devices = () =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return { id, devices };
}

describe("where a push may go", () => {
  it("refuses private, loopback, link-local, unique-local, mapped, CGNAT, multicast and reserved addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8",
      "fd00:ec2::254",
      "fe80::1",
      "ff02::1",
      "64:ff9b::7f00:1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["142.250.74.42", "8.8.8.8", "2607:f8b0:4004:c07::5f"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("judges the address a name resolves to, not its spelling", async () => {
    const policy = { allowLoopback: false, resolve: testResolve };
    for (const host of [
      "push.attacker.example",
      "v6.attacker.example",
      "localhost.",
      "metadata.google.internal",
      "db.internal",
      "[::ffff:7f00:1]",
    ]) {
      await expect(pushAddress(host, policy), host).rejects.toThrow(/internal name|non-public/);
    }
    await expect(
      pushAddress("push.attacker.example", { ...policy, allowLoopback: true }),
    ).resolves.toBe("127.0.0.1");
  });

  it("in production, refuses at subscribe time a host that resolves to this machine", async () => {
    // The precondition the attack relies on: this machine's name resolves to loopback.
    const own = hostname();
    const resolved = await lookup(own, { all: true });
    expect(resolved.some((entry) => /^127\.|^::1$/.test(entry.address))).toBe(true);
    const me = await playerWithSession(t.app, t.db);
    const keys = receiver.device("subscriber").subscription.keys;
    for (const endpoint of [
      `https://${own}:${trap.port}/push/x`,
      `https://localhost.:${trap.port}/push/x`,
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://db.internal:5432/x",
      `http://127.0.0.1:${trap.port}/push/x`,
    ]) {
      const response = await callApi(t.app, "POST", "/api/push/subscriptions", me.cookie, {
        endpoint,
        keys,
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().message).toBe(PUSH_ENDPOINT_REFUSED);
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id)),
    ).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it("in production, a delivery opens no connection to loopback, whatever the name, and forgets those devices", async () => {
    const { id, devices } = await noticeFor([
      `https://${hostname()}:${trap.port}/push/a`,
      `https://localhost.:${trap.port}/push/b`,
      `https://push.attacker.example:${trap.port}/push/c`,
      `https://rebind.attacker.example:${trap.port}/push/d`,
      `https://127.0.0.1:${trap.port}/push/e`,
      `https://[::ffff:127.0.0.1]:${trap.port}/push/f`,
      `http://127.0.0.1:${trap.port}/push/g`,
    ]);
    await deliverNotification(deps(false), id);
    expect(trap.connections()).toBe(0);
    expect(await devices()).toEqual([]);
  });

  it("follows no redirect: the push service's 3xx refuses the message and nothing goes further", async () => {
    let followed = 0;
    const elsewhere = http.createServer((_request, response) => {
      followed += 1;
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const { port } = elsewhere.address() as AddressInfo;
    const redirect = http.createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${port}/push/x` }).end();
    });
    await new Promise<void>((resolve) => redirect.listen(0, "127.0.0.1", resolve));
    try {
      const address = redirect.address() as AddressInfo;
      const { id, devices } = await noticeFor([`http://127.0.0.1:${address.port}/push/moved`]);
      await deliverNotification(deps(true), id);
      expect(followed).toBe(0);
      expect(await devices()).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => redirect.close(() => resolve()));
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it(`forgets a device whose push service fails ${PUSH_FAILURES_MAX} deliveries in a row; a success resets the count`, async () => {
    const flaky = receiver.device("flaky");
    receiver.answer("flaky", 503);
    const { id, devices } = await noticeFor([flaky.subscription.endpoint]);
    for (let attempt = 1; attempt < PUSH_FAILURES_MAX; attempt += 1) {
      await expect(deliverNotification(deps(true), id)).rejects.toThrow(/deliveries failed/);
    }
    expect((await devices())[0]?.failures).toBe(PUSH_FAILURES_MAX - 1);
    // The last failure forgets the device instead of asking for another retry.
    await deliverNotification(deps(true), id);
    expect(await devices()).toEqual([]);

    const steady = receiver.device("steady");
    receiver.answer("steady", 500);
    const second = await noticeFor([steady.subscription.endpoint]);
    await expect(deliverNotification(deps(true), second.id)).rejects.toThrow();
    receiver.answer("steady", 201);
    await deliverNotification(deps(true), second.id);
    expect((await second.devices())[0]?.failures).toBe(0);
  });
});
