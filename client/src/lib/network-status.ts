import { useSyncExternalStore } from "react";

/** Said wherever a write could not reach the server. */
export const OFFLINE_WRITE_MESSAGE = "Nothing was saved. Try again when you're back online.";

/** A request that never reached the server (no network, or the server is unreachable). */
export class OfflineError extends Error {
  constructor() {
    super(`You're offline. ${OFFLINE_WRITE_MESSAGE}`);
    this.name = "OfflineError";
  }
}

// Offline is either the browser saying so, or the last request failing at the network level
// while the browser believes it is online (a dead Wi-Fi, the server down).
let browserOffline = typeof navigator !== "undefined" && navigator.onLine === false;
let unreachable = false;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function isOffline(): boolean {
  return browserOffline || unreachable;
}

/** The browser itself says there is no network (not just one request that went unanswered). */
export function isBrowserOffline(): boolean {
  return browserOffline;
}

function setUnreachable(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  notify();
}

if (typeof window !== "undefined") {
  window.addEventListener("offline", () => {
    browserOffline = true;
    notify();
  });
  window.addEventListener("online", () => {
    browserOffline = false;
    unreachable = false;
    notify();
  });
}

// The server's renderer (entry-server.tsx) answers the app's reads itself, without a network.
let send: typeof fetch = (input, init) => fetch(input, init);

/** Where reads go on the server while it renders a page; browsers keep `fetch`. */
export function setServerFetch(serverFetch: typeof fetch): void {
  send = serverFetch;
}

/** fetch, noting whether the network answered; a network failure becomes an OfflineError. */
export async function fetchOrOffline(url: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await send(url, init);
  } catch (error) {
    // fetch rejects with a TypeError only when no answer came at all.
    if (!(error instanceof TypeError)) throw error;
    setUnreachable(true);
    throw new OfflineError();
  }
  setUnreachable(false);
  return response;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

export function onNetworkStatusChange(listener: () => void): () => void {
  return subscribe(listener);
}
