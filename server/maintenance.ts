import { pruneExpiredSessions } from "./auth/sessions.ts";
import type { Db } from "./db/client.ts";
import { pruneCounters } from "./lib/rate-limit.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions and stale rate-limit windows every hour. Each run is idempotent, so
 * several instances doing it at once is harmless.
 */
export function startMaintenance(db: Db, onError: (error: unknown) => void): () => void {
  const run = () =>
    Promise.all([pruneExpiredSessions(db), pruneCounters(db, 24 * HOUR_MS)]).catch(onError);
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
