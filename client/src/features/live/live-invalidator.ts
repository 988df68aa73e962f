import type { Run } from "@common/runs.ts";
import type { QueryClient } from "@tanstack/react-query";
import { type Stale, staleKey } from "./live-invalidations.ts";

/** The same data is refetched at most this often, however many events name it. */
export const REFRESH_EVERY_MS = 1_000;

function invalidate(queryClient: QueryClient, stale: Stale): Promise<void> {
  if (stale === "everything") return queryClient.invalidateQueries();
  if ("exact" in stale) {
    return queryClient.invalidateQueries({ queryKey: [stale.exact], exact: true });
  }
  if ("prefix" in stale) {
    return queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(stale.prefix),
    });
  }
  return queryClient.invalidateQueries({
    predicate: (query) =>
      /^\/api\/runs\/\d+$/.test(String(query.queryKey[0])) &&
      runHolds(query.state.data, stale.runWithGame),
  });
}

/** Whether a run's page, as cached, lists this game among its dates. */
function runHolds(data: unknown, gameId: number): boolean {
  const upcoming = (data as Partial<Run> | undefined)?.upcoming;
  return Array.isArray(upcoming) && upcoming.some((date) => date.id === gameId);
}

/**
 * Turns events into invalidations, at once for the first and then at most once a second per
 * query: a busy court checking in ten players a second refetches its list once a second, not
 * ten times.
 */
export function createLiveInvalidator(queryClient: QueryClient, everyMs = REFRESH_EVERY_MS) {
  const last = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const run = (key: string, stale: Stale) => {
    waiting.delete(key);
    last.set(key, Date.now());
    void invalidate(queryClient, stale);
  };
  return {
    add(stale: Stale) {
      const key = staleKey(stale);
      if (waiting.has(key)) return;
      const wait = (last.get(key) ?? 0) + everyMs - Date.now();
      if (wait <= 0) run(key, stale);
      else
        waiting.set(
          key,
          setTimeout(() => run(key, stale), wait),
        );
    },
    stop() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
