import { useSyncExternalStore } from "react";
import type { Workbox } from "workbox-window";

/** The one service worker of the app; web push uses this same registration (scope "/"). */
export const SERVICE_WORKER_URL = "/sw.js";

/** What the app uses of workbox-window's Workbox (tests hand in a fake). */
export type AppWorkbox = Pick<
  Workbox,
  "addEventListener" | "removeEventListener" | "register" | "messageSkipWaiting"
>;

let workbox: AppWorkbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker (after the page has loaded, as workbox-window does) and listens
 * for a new version waiting to take over: it waits until the player chooses to reload.
 */
export function startServiceWorker(instance?: AppWorkbox): void {
  // workbox-window is not needed for the first screen: it arrives in a chunk of its own.
  if (!instance) {
    void import("workbox-window").then(({ Workbox }) =>
      startServiceWorker(new Workbox(SERVICE_WORKER_URL, { scope: "/" })),
    );
    return;
  }
  workbox = instance;
  setUpdateWaiting(false);
  instance.addEventListener("waiting", () => setUpdateWaiting(true));
  // Without a service worker the app still works online (http on a public address, a browser
  // that refuses it); Settings then reports push as unavailable.
  instance.register().catch(() => {});
}

/** How long after the page's load event the service worker is started. */
export const SERVICE_WORKER_DELAY_MS = 3000;

/**
 * Starts the service worker a while after the page has loaded, when the browser is next idle:
 * installing it downloads and stores every chunk of the app, work that competed with the
 * page's own start for a phone's few cores (issue 13). Offline use and web push wait those
 * few seconds.
 */
export function startServiceWorkerWhenIdle(
  win: Window = window,
  start = () => startServiceWorker(),
) {
  const whenIdle = () =>
    typeof win.requestIdleCallback === "function"
      ? win.requestIdleCallback(start, { timeout: SERVICE_WORKER_DELAY_MS })
      : start();
  const afterLoad = () => win.setTimeout(whenIdle, SERVICE_WORKER_DELAY_MS);
  if (win.document.readyState === "complete") afterLoad();
  else win.addEventListener("load", afterLoad, { once: true });
}

/** Lets the waiting version take over, then reloads once it controls this page. */
export function reloadToUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener("controlling", () => window.location.reload());
  void workbox.messageSkipWaiting();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
}
