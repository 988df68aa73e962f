import { pruneAccountTokens } from "./auth/account-tokens.ts";
import { pruneExpiredSessions } from "./auth/sessions.ts";
import { BATCH_ROWS, inTimedBatches } from "./db/batches.ts";
import type { Db } from "./db/client.ts";
import { pruneCounters } from "./limits/rate-limit.ts";
import { awardQueuedBadges } from "./modules/badges/service.ts";
import { expireStaleCheckIns } from "./modules/checkins/service.ts";
import { pruneHourlyVisits } from "./modules/court-page/popular-times.ts";
import { expireWeeklyTotals, settleEndedGames } from "./modules/totals/settle.ts";

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The maintenance run's steps, by name (the bench times /api/healthz while each runs): delete
 * expired sessions, expired account links and stale rate-limit windows, end check-ins past their
 * 3 hours so court counts read by the directory stay true between check-ins, award the badges of
 * players whose figures moved (queued by the kept totals' writes, games that ended by the clock
 * included once settled), and drop popular-times
 * hours that fell out of the window. The kept totals (§52) count the games that ended by the
 * clock before the badges are read from them, and let go of the games that left the weekly
 * window. Every step works in small batches with a yield between them (§57), so the embedded
 * database is never held long, whatever piled up; the check-ins and badge batches are sized by
 * time (§64).
 */
export function maintenanceSteps(db: Db): Record<string, () => Promise<unknown>> {
  return {
    sessions: () => pruneExpiredSessions(db),
    accountTokens: () => pruneAccountTokens(db),
    rateLimits: () => pruneCounters(db, DAY_MS),
    checkIns: () =>
      inTimedBatches((size) => db.transaction((tx) => expireStaleCheckIns(tx, size)), {
        first: 50,
        max: BATCH_ROWS,
      }),
    hourlyVisits: () => pruneHourlyVisits(db),
    badges: async () => {
      // Settling queues the players whose totals moved; the sweep reads only the queue (§59).
      await settleEndedGames(db);
      await awardQueuedBadges(db);
    },
    weeklyTotals: () => expireWeeklyTotals(db),
  };
}

/**
 * Every five minutes, the steps above. The first run waits `firstRunAfterMs` (the server passes
 * a few seconds, so its first requests never queue behind a sweep). The badge queue and the
 * settling mark persist, so missed runs (a restart, a deploy) lose nothing. Each step is idempotent,
 * so several instances running it at once is harmless.
 */
export function startMaintenance(
  db: Db,
  onError: (error: unknown) => void,
  options: { firstRunAfterMs?: number } = {},
): () => void {
  const steps = Object.values(maintenanceSteps(db));
  // Never throws: a run failing (the database away) is reported and the next one tries again.
  const run = async () => {
    try {
      // Each step in its own async call: one failing at once must not leave the others'
      // failures unobserved.
      await Promise.all(steps.map(async (step) => step()));
    } catch (error) {
      onError(error);
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    void run();
    timer = setInterval(run, 5 * MINUTE_MS);
    timer.unref();
  }, options.firstRunAfterMs ?? 0);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
