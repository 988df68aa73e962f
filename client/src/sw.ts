/// <reference lib="webworker" />
import type { PushMessage } from "@common/notifications.ts";
import { precacheAndRoute } from "workbox-precaching";

declare let self: ServiceWorkerGlobalScope;

// The built assets, listed by vite-plugin-pwa at build time.
precacheAndRoute(self.__WB_MANIFEST);

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
      icon: "/favicon.svg",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
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
