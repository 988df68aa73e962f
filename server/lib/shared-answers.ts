type Options = {
  /** How long an answer is shared. */
  maxAgeMs: number;
  /** Answers kept at most (the oldest key goes first). */
  maxKeys?: number;
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
  { maxAgeMs, maxKeys = 100, now = () => Date.now() }: Options,
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

  return {
    read(key = ""): Promise<T> {
      const answer = answers.get(key);
      if (answer && now() - answer.at < maxAgeMs) return Promise.resolve(answer.value);
      const current = loading.get(key);
      if (current) return current;
      const startedIn = generation;
      const load_ = load(key)
        .then((value) => {
          if (startedIn === generation) keep(key, value);
          return value;
        })
        .finally(() => {
          if (loading.get(key) === load_) loading.delete(key);
        });
      loading.set(key, load_);
      return load_;
    },
    invalidate(): void {
      generation += 1;
      answers.clear();
      loading.clear();
    },
  };
}

export type SharedAnswers<T> = ReturnType<typeof sharedAnswers<T>>;
