import { LRUCache } from "lru-cache";

type Options = {
  /** How long an answer is shared. */
  maxAgeMs: number;
  /** Answers kept at most (the least recently read goes first). */
  maxKeys?: number;
  /**
   * A read this close to an answer's end starts its next load in the background and is still
   * answered at once (stale-while-revalidate): under steady traffic nobody waits for a
   * recompute (without it, every request in flight at the end of the window waits for the same
   * load: the p99 of a shared board). An answer is still never older than maxAgeMs.
   */
  refreshAheadMs?: number;
  now?: () => number;
};

/**
 * Answers to an expensive read, shared by every caller of this instance for `maxAgeMs`: an
 * LRUCache whose fetch hands callers within the window the same answer and callers arriving
 * while it loads that one load, so the database sees at most one such query per key and window
 * however many people look. A failed load is not kept. `invalidate()` drops every answer, and a
 * load that was under way when it was called is not kept either (its callers still get it), so
 * the next reader sees fresh data. Nothing here needs to survive a restart or be seen by another
 * instance: each instance may lag the others by at most `maxAgeMs`.
 */
export function sharedAnswers<T>(
  load: (key: string) => Promise<T>,
  { maxAgeMs, maxKeys = 100, refreshAheadMs = 0, now = () => Date.now() }: Options,
) {
  // lru-cache calls an answer stale once older than its ttl; ours runs out at maxAgeMs.
  const ttl = maxAgeMs - refreshAheadMs - 1;
  if (ttl < 1) throw new Error("an answer must be shared for longer than it refreshes ahead");
  const cache = new LRUCache<string, { value: T }>({
    max: maxKeys,
    ttl,
    // A start at 0 means "no ttl" to lru-cache: a clock that starts at 0 (tests) starts at 1.
    perf: { now: () => now() + 1 },
    ttlResolution: 0,
    // An answer whose background load failed stays until it runs out; the next reader retries.
    noDeleteOnFetchRejection: true,
    // Cleared while loading: the load's callers still get its answer; the cache does not keep it.
    ignoreFetchAbort: true,
    fetchMethod: async (key) => ({ value: await load(key) }),
  });

  return {
    async read(key = ""): Promise<T> {
      // Stale within refreshAheadMs past the ttl: answered now while the next one loads.
      const allowStale = cache.getRemainingTTL(key) >= -refreshAheadMs;
      const answer = await cache.fetch(key, { allowStale });
      if (!answer) throw new Error(`no answer for ${key}`);
      return answer.value;
    },
    invalidate(): void {
      cache.clear();
    },
  };
}

export type SharedAnswers<T> = ReturnType<typeof sharedAnswers<T>>;
