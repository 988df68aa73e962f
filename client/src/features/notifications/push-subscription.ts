import { apiRequest } from "@/lib/api.ts";

/** This device's web push: not possible here, blocked by the player, off, or on. */
export type PushState = "unsupported" | "denied" | "off" | "on";

const supported = () =>
  typeof navigator !== "undefined" &&
  "serviceWorker" in navigator &&
  typeof window !== "undefined" &&
  "PushManager" in window &&
  "Notification" in window;

/** The VAPID key as PushManager.subscribe wants it. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

/** Tells the server this device's subscription belongs to the player signed in now. */
export async function syncPushSubscription(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
}

/**
 * Asks for permission, installs the service worker that shows pushes, subscribes with the
 * server's key and hands the subscription to the server.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = (await (await apiRequest("GET", "/api/push/public-key")).json()) as {
    publicKey: string;
  };
  // A subscription made with another key (before the server's keys changed) cannot be reused.
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
  return "on";
}

/** Forgets this device on the server, then drops the browser's subscription. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return "off";
}
