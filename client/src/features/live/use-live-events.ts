import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { parseLiveEvent, staleAfter } from "./live-invalidations.ts";
import { createLiveInvalidator } from "./live-invalidator.ts";

/** After the server refused the stream (too many tabs, say), try again this much later. */
const REOPEN_AFTER_MS = 30_000;

/**
 * One EventSource per tab on GET /api/events, turning each event into refetches of what it
 * changed. The browser reconnects by itself after a network error and resumes with
 * Last-Event-ID; a refused stream is tried again later.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const invalidator = createLiveInvalidator(queryClient);
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    const open = (afterRefusal: boolean) => {
      source = new EventSource("/api/events", { withCredentials: true });
      source.onmessage = (message) => {
        const event = parseLiveEvent(message.data);
        if (event) for (const stale of staleAfter(event)) invalidator.add(stale);
      };
      source.onopen = () => {
        // A stream opened anew cannot resume: what changed meanwhile is refetched.
        if (afterRefusal) invalidator.add("everything");
        afterRefusal = false;
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        reopen = setTimeout(() => open(true), REOPEN_AFTER_MS);
      };
    };
    open(false);
    return () => {
      if (reopen) clearTimeout(reopen);
      source?.close();
      invalidator.stop();
    };
  }, [queryClient]);
}

/**
 * Mounted once by the app, keyed by who is signed in: a new stream after sign-in or sign-out
 * carries the new session, so the player's own events (the bell) follow.
 */
export function LiveUpdates() {
  useLiveEvents();
  return null;
}
