import { pruneExpiredSessions } from "./auth/sessions.ts";
import type { Db } from "./db/client.ts";
import { pruneCounters } from "./lib/rate-limit.ts";
import { expireStaleCheckIns } from "./modules/checkins/service.ts";

const MINUTE_MS = 60 * 1000;

/**
 * Every five minutes: delete expired sessions and stale rate-limit windows, and end check-ins
 * past their 3 hours so court counts read by the directory stay true between check-ins. Each
 * step is idempotent, so several instances running it at once is harmless.
 */
export function startMaintenance(db: Db, onError: (error: unknown) => void): () => void {
  const run = () =>
    Promise.all([
      pruneExpiredSessions(db),
      pruneCounters(db, 24 * 60 * MINUTE_MS),
      expireStaleCheckIns(db),
    ]).catch(onError);
  void run();
  const timer = setInterval(run, 5 * MINUTE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
