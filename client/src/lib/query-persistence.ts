import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from "@tanstack/react-query-persist-client";

/** Where the last data seen is kept between visits (localStorage). */
export const OFFLINE_CACHE_KEY = "bwb-offline-cache";
/** Whose it is: the signed-in player's id, or "" for a visitor. */
export const OFFLINE_OWNER_KEY = "bwb-offline-owner";
/** Older than this, kept data is dropped rather than shown. */
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What a page read from the API is kept, a signed-in player's own reads too (issue 31: pages
 * seen before open offline with what was seen, signed in as before). They stay in this
 * browser only, belong to one player (`claimOfflineData`) and go at sign-out.
 */
export function isKeptQuery(queryKey: QueryKey): boolean {
  const url = queryKey[0];
  return typeof url === "string" && url.startsWith("/api/");
}

const keepable = (query: Query) => query.state.status === "success" && isKeptQuery(query.queryKey);

function readKept(storage: Storage): PersistedClient | undefined {
  try {
    return JSON.parse(storage.getItem(OFFLINE_CACHE_KEY) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each page is a document of its own, starting with an empty cache: written as it is, the
 * last page would erase what the ones before it kept (issue 31: only the last page seen
 * opened offline). The reads kept earlier stay, the fresh ones replacing theirs, until a day
 * old.
 */
export function withEarlierReads(
  fresh: PersistedClient,
  earlier: PersistedClient | undefined,
  now = Date.now(),
): PersistedClient {
  if (!earlier || earlier.buster !== fresh.buster) return fresh;
  const seen = new Set(fresh.clientState.queries.map((query) => query.queryHash));
  const kept = earlier.clientState.queries.filter(
    (query) =>
      !seen.has(query.queryHash) && now - query.state.dataUpdatedAt < OFFLINE_CACHE_MAX_AGE_MS,
  );
  return {
    ...fresh,
    clientState: { ...fresh.clientState, queries: [...fresh.clientState.queries, ...kept] },
  };
}

function keepingPersister(storage: Storage): Persister {
  const inner = createSyncStoragePersister({ storage, key: OFFLINE_CACHE_KEY, throttleTime: 250 });
  return {
    ...inner,
    persistClient: (client) => inner.persistClient(withEarlierReads(client, readKept(storage))),
  };
}

export function persistOptions(storage: Storage): Omit<PersistQueryClientOptions, "queryClient"> {
  return {
    persister: keepingPersister(storage),
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
export function refreshKeptQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isKeptQuery(query.queryKey) });
}

/**
 * The server said who is signed in (`null`: nobody): kept data of anyone else is dropped, so
 * one player's data is never shown to another on a shared browser.
 */
export function claimOfflineData(
  userId: string | null,
  storage: Storage = window.localStorage,
): void {
  const owner = userId ?? "";
  if (storage.getItem(OFFLINE_OWNER_KEY) === owner) return;
  storage.removeItem(OFFLINE_CACHE_KEY);
  storage.setItem(OFFLINE_OWNER_KEY, owner);
}

/** Sign-out forgets the kept data: the player's own, and public answers that mention them. */
export function forgetOfflineData(storage: Storage = window.localStorage): void {
  storage.removeItem(OFFLINE_CACHE_KEY);
  storage.removeItem(OFFLINE_OWNER_KEY);
}
