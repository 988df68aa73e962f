import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";

/** Where the last public data seen is kept between visits (localStorage). */
export const OFFLINE_CACHE_KEY = "bwb-offline-cache";
/** Older than this, kept data is dropped rather than shown. */
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The public reads worth showing on a cold start offline: the courts directory and a court's
 * page, games, the leaderboards and the landing's metrics. A signed-in player's own data
 * (profile, settings, notifications, their games, favourites, suggestions) is never written to
 * the device.
 */
const PUBLIC_READ = /^\/api\/(courts|leaderboard|games|metrics)(\/|\?|$)/;
const PRIVATE_READ = /^\/api\/(courts\/favorites|games\/my)/;

export function isPublicQuery(queryKey: QueryKey): boolean {
  const url = queryKey[0];
  return typeof url === "string" && PUBLIC_READ.test(url) && !PRIVATE_READ.test(url);
}

const keepable = (query: Query) =>
  query.state.status === "success" && isPublicQuery(query.queryKey);

export function persistOptions(storage: Storage): Omit<PersistQueryClientOptions, "queryClient"> {
  return {
    persister: createSyncStoragePersister({ storage, key: OFFLINE_CACHE_KEY, throttleTime: 250 }),
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    // A new build may change the shape of answers: start afresh.
    buster: import.meta.env.VITE_BUILD_ID ?? "",
    dehydrateOptions: { shouldDehydrateQuery: keepable },
  };
}

/**
 * Kept data is what was seen last, not what is true now: refetch what the screens show as soon
 * as the network is there (queries never go stale by themselves, product §7).
 */
export function refreshPublicQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isPublicQuery(query.queryKey) });
}

/** Sign-out forgets the kept data: public answers to a signed-in player may mention them. */
export function forgetOfflineData(storage: Storage = window.localStorage): void {
  storage.removeItem(OFFLINE_CACHE_KEY);
}
