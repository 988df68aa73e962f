import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { PushMessage, PushSubscriptionInput } from "../../../common/notifications.ts";
import { type Config, isLoopback } from "../../config.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { pushSubscriptions, serverKeys } from "../../db/schema.ts";
import { badRequest } from "../../lib/http-error.ts";
import {
  isLoopbackAddress,
  type PushAddressPolicy,
  PushAddressRefused,
  pushAddress,
} from "./push-address.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const VAPID_ROW = "vapid";
/** Devices per player; the oldest go beyond it (a browser reinstalled many times, say). */
export const PUSH_DEVICES_MAX = 20;
export const PUSH_ENDPOINT_REFUSED =
  "endpoint must be the https address of a browser's push service";

function subjectOf(config: Pick<Config, "vapidSubject" | "publicUrl" | "mail">): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  const address = config.mail?.from.match(/<([^>]+)>/)?.[1] ?? config.mail?.from;
  return `mailto:${address ?? `push@${new URL(config.publicUrl).hostname}`}`;
}

/**
 * The VAPID keys that sign our pushes: from the environment, else made once and kept in
 * server_keys. Instances starting together may both make a pair; the first insert wins and
 * everyone reads that one, so all instances sign alike and subscriptions keep working.
 */
export async function vapidKeys(
  db: Queryable,
  config: Pick<Config, "vapid" | "vapidSubject" | "publicUrl" | "mail">,
): Promise<VapidKeys> {
  const subject = subjectOf(config);
  if (config.vapid) return { ...config.vapid, subject };
  const read = async () => {
    const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, VAPID_ROW));
    return row?.value;
  };
  let stored = await read();
  if (!stored) {
    const { default: webpush } = await import("web-push");
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(serverKeys)
      .values({
        name: VAPID_ROW,
        value: { publicKey: made.publicKey, privateKey: made.privateKey },
      })
      .onConflictDoNothing({ target: serverKeys.name });
    stored = await read();
  }
  if (!stored?.publicKey || !stored.privateKey) throw new Error("VAPID keys could not be stored");
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** Keeps the keys once read: they never change while the process runs. */
export function vapidKeysOnce(
  db: Queryable,
  config: Pick<Config, "vapid" | "vapidSubject" | "publicUrl" | "mail">,
): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    keys ??= vapidKeys(db, config).catch((error) => {
      keys = null;
      throw error;
    });
    return keys;
  };
}

/** Outside production the tests' push service listens on loopback, so pushes may go there. */
export function pushAddressPolicy(config: Pick<Config, "env">): PushAddressPolicy {
  return { allowLoopback: config.env !== "production" };
}

/**
 * A push endpoint is a URL our server will POST to, so it must look like a push service's:
 * https on a named host whose addresses are public. Plain http is accepted only on a loopback
 * address outside production (tests run a push service there). A name that does not resolve
 * now is taken, and checked again at every delivery.
 */
export async function checkPushEndpoint(
  endpoint: string,
  addresses: PushAddressPolicy,
): Promise<void> {
  const refuse = () => badRequest(PUSH_ENDPOINT_REFUSED, { endpoint: PUSH_ENDPOINT_REFUSED });
  const url = new URL(endpoint);
  if (url.protocol === "http:" && addresses.allowLoopback && isLoopback(url.hostname)) return;
  if (url.protocol !== "https:" || isIP(url.hostname.replace(/^\[|\]$/g, "")) !== 0) {
    throw refuse();
  }
  try {
    await pushAddress(url.hostname, addresses);
  } catch (error) {
    if (error instanceof PushAddressRefused) throw refuse();
  }
}

/**
 * Saves this device's subscription for the caller. An endpoint belongs to one browser profile:
 * when another account subscribes the same browser, the device moves to that account. Beyond
 * PUSH_DEVICES_MAX devices the oldest subscriptions go.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { userId, endpoint: input.endpoint, ...input.keys };
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: sql`now()` },
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_DEVICES_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
  });
}

/** Forgets this device for the caller (Settings → Push notifications off). */
export async function removePushSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export type PushOutcome = "sent" | "gone" | "refused";

/** A push service that does not answer within this is retried later. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends one encrypted push (RFC 8291 aes128gcm, signed with VAPID; web-push builds the request,
 * node's https sends it to the address push-address.ts checked, following no redirect). The push
 * service's answer decides: 404/410 the subscription is gone (the caller removes it), as is an
 * endpoint whose host is no public address; another 3xx or 4xx refuses this message for good;
 * 429, 5xx or no answer throw, to be retried. The topic lets the push service replace an
 * undelivered copy of the same notification instead of queueing both.
 */
export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
  options: { keys: VapidKeys; topic: string; ttlSeconds: number; addresses: PushAddressPolicy },
): Promise<PushOutcome> {
  const url = new URL(subscription.endpoint);
  let address: string;
  try {
    address = await pushAddress(url.hostname, options.addresses);
  } catch (error) {
    if (error instanceof PushAddressRefused) return "gone";
    throw error;
  }
  const plainHttpAllowed = options.addresses.allowLoopback && isLoopbackAddress(address);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && plainHttpAllowed)) return "gone";
  // Imported on the first push, not at start-up (§58).
  const { default: webpush } = await import("web-push");
  const request = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(message),
    {
      vapidDetails: options.keys,
      TTL: options.ttlSeconds,
      topic: options.topic,
      urgency: "normal",
      contentEncoding: "aes128gcm",
    },
  );
  const status = await post(url, address, request.headers, request.body);
  if (status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) return "gone";
  if (status >= 300 && status < 500 && status !== 429) return "refused";
  throw new Error(`push service answered ${status}`);
}

/** One POST to the checked address (TLS still verifies the host name); resolves the status. */
function post(
  url: URL,
  address: string,
  headers: Record<string, unknown>,
  body: Buffer | null,
): Promise<number> {
  const family = isIP(address);
  // The connection goes to this address whatever a new lookup of the name would say.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "POST",
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, String(value)]),
        ),
        lookup: pinned,
        timeout: PUSH_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("push service did not answer in time")));
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}
