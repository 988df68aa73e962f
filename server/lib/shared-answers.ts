type Options = {
  /** How long an answer is shared. */
  maxAgeMs: number;
  /** Answers kept at most (the oldest key goes first). */
  maxKeys?: number;
  /**
   * A read this close to an answer's end starts its next load in the background and is still
   * answered at once: under steady traffic nobody waits for a recompute (without it, every
   * request in flight at the end of the window waits for the same load: the p99 of a shared
   * board). An answer is still never older than maxAgeMs.
   */
  refreshAheadMs?: number;
  now?: () => number;
};

/**
 * Answers to an expensive read, shared by every caller of this instance for `maxAgeMs`:
 * callers within the window get the same answer, and callers arriving while it loads share
 * that load, so the database sees at most one such query per key and window however many
 * people look. A failed load is not kept. `invalidate()` drops every answer, and a load that
 * was under way when it was called is not kept either, so the next reader sees fresh data.
 * Nothing here needs to survive a restart or be seen by another instance: each instance may
 * lag the others by at most `maxAgeMs`.
 */
export function sharedAnswers<T>(
  load: (key: string) => Promise<T>,
  { maxAgeMs, maxKeys = 100, refreshAheadMs = 0, now = () => Date.now() }: Options,
) {
  const answers = new Map<string, { value: T; at: number }>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;

  function keep(key: string, value: T) {
    answers.delete(key);
    if (answers.size >= maxKeys) {
      const oldest = answers.keys().next();
      if (!oldest.done) answers.delete(oldest.value);
    }
    answers.set(key, { value, at: now() });
  }

  // Loads under way when their key was dropped: their answer is not kept.
  const droppedLoads = new WeakSet<Promise<T>>();

  function loadInto(key: string): Promise<T> {
    const startedIn = generation;
    const load_: Promise<T> = load(key)
      .then((value) => {
        if (startedIn === generation && !droppedLoads.has(load_)) keep(key, value);
        return value;
      })
      .finally(() => {
        if (loading.get(key) === load_) loading.delete(key);
      });
    loading.set(key, load_);
    return load_;
  }

  return {
    read(key = ""): Promise<T> {
      const answer = answers.get(key);
      const age = answer ? now() - answer.at : Number.POSITIVE_INFINITY;
      if (answer && age < maxAgeMs) {
        if (age >= maxAgeMs - refreshAheadMs && !loading.has(key)) {
          // Its failure is the next reader's to see, should the answer run out before a retry.
          loadInto(key).catch(() => {});
        }
        return Promise.resolve(answer.value);
      }
      return loading.get(key) ?? loadInto(key);
    },
    invalidate(): void {
      generation += 1;
      answers.clear();
      loading.clear();
    },
    /**
     * Drops the answers `which` picks, like invalidate: by key and answer, and loads under way
     * by key alone (their answer is not known yet).
     */
    drop(which: (key: string, answer?: T) => boolean): void {
      for (const [key, { value }] of [...answers]) if (which(key, value)) answers.delete(key);
      for (const [key, under] of [...loading]) {
        if (!which(key)) continue;
        droppedLoads.add(under);
        loading.delete(key);
      }
    },
  };
}

export type SharedAnswers<T> = ReturnType<typeof sharedAnswers<T>>;
