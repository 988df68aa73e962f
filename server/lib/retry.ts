/** PostgreSQL errors after which running the whole transaction again is the right answer. */
const RETRYABLE = new Set([
  "23505", // unique_violation: a simultaneous write of the same row won the race
  "40001", // serialization_failure
  "40P01", // deadlock_detected: e.g. two players moving between the same two courts
]);

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** Runs `work` (a whole transaction) again after a retryable failure, a few times at most. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      // A short random pause: transactions that deadlocked together and retried at once would
      // meet again in the same order (seen with an account deletion among two dozen joins).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
