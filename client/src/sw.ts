/// <reference lib="webworker" />
import type { PushMessage } from "@common/notifications.ts";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { isPublicApiRead, isTileRequest, OFFLINE_SHELL, pushAction, storable } from "./sw-rules.ts";

declare let self: ServiceWorkerGlobalScope;

// The built assets (JS, CSS, fonts, icons, the manifest and index.html), listed by
// vite-plugin-pwa at build time. "/" is not mapped to index.html (no directoryIndex): online,
// every page is the server's own HTML with its own head; the precached copy is only the
// offline fallback below.
precache(self.__WB_MANIFEST);
addRoute({ directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

// A new version waits until the player chooses Reload (the page sends SKIP_WAITING through
// workbox-window's messageSkipWaiting). The first install takes the open pages at once, so the
// app works offline from the first visit.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});
clientsClaim();

/** Never keeps what the server marked no-store (every signed-in API answer) or an error. */
const onlyStorable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    storable(response) ? response : null,
};

// Pages: the network first (fresh head tags, fresh build), the page's last copy when offline or
// slow, else the app shell.
const pages = new NetworkFirst({
  cacheName: "pages",
  networkTimeoutSeconds: 4,
  plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 86_400 })],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_SHELL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

// The public reads the screens need (courts, leaderboards, games, metrics), for the last data
// seen offline. Never the live stream, never a write (only GET routes are registered).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isPublicApiRead(url, request),
  new NetworkFirst({
    cacheName: "api-reads",
    networkTimeoutSeconds: 5,
    plugins: [
      onlyStorable,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);

// Map tiles: the page's CSP admits cross-origin images from TILE_URL's host only, so a
// cross-origin z/x/y image is a tile of that host; its opaque answers may be kept.
registerRoute(
  ({ url, request }) => url.origin !== self.location.origin && isTileRequest(url, request),
  new CacheFirst({
    cacheName: "map-tiles",
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 400,
        maxAgeSeconds: 30 * 86_400,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/** Only paths of this site are opened: a push names a page of the app, never elsewhere. */
function appPath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

function readMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    if (typeof message?.title !== "string") return null;
    return {
      title: message.title,
      body: typeof message.body === "string" ? message.body : "",
      url: appPath(message.url),
      tag: typeof message.tag === "string" ? message.tag : "ball-with-the-bros",
      action: pushAction(message.action) ?? undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      data: { url: message.url, post: message.action?.post },
      ...(message.action ? { actions: [{ action: "act", title: message.action.title }] } : {}),
    } as NotificationOptions),
  );
});

/**
 * The notification's button ("Can't make it"): one tap posts it, and what the server answered —
 * done, or refused because the link was used or the game started — replaces the notification.
 */
async function act(notification: Notification, post: string): Promise<void> {
  let body = "That did not work. Open the app to try again.";
  try {
    const response = await fetch(post, { method: "POST", credentials: "same-origin" });
    const answer = (await response.json()) as { message?: unknown };
    if (typeof answer.message === "string") body = answer.message;
  } catch {}
  await self.registration.showNotification(notification.title, {
    body,
    tag: notification.tag,
    icon: "/icons/icon-192.png",
    data: { url: appPath(notification.data?.url) },
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const post = pushAction({ title: event.action, post: event.notification.data?.post })?.post;
  if (event.action === "act" && post) {
    event.waitUntil(act(event.notification, post));
    return;
  }
  const target = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
