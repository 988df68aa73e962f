import { pruneAccountTokens } from "./auth/account-tokens.ts";
import { pruneExpiredSessions } from "./auth/sessions.ts";
import { BATCH_ROWS, inTimedBatches } from "./db/batches.ts";
import type { Db } from "./db/client.ts";
import { pruneCounters } from "./limits/rate-limit.ts";
import { awardQueuedBadges } from "./modules/badges/service.ts";
import { expireStaleCheckIns } from "./modules/checkins/service.ts";
import { pruneHourlyVisits } from "./modules/court-page/popular-times.ts";
import { expireWeeklyTotals, settleEndedGames } from "./modules/totals/settle.ts";

const DAY_MS = 24 * 3_600_000;

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
 * The steps above, every five minutes (a job of pg-boss's cron, server/jobs/queue.ts, run by one
 * instance per tick). The badge queue and the settling mark persist, so missed runs (a restart, a
 * deploy) lose nothing, and each step is idempotent. Fails when a step fails, once every step has
 * settled: one failing at once must not leave the others' failures unobserved.
 */
export async function runMaintenance(db: Db): Promise<void> {
  const results = await Promise.allSettled(
    Object.values(maintenanceSteps(db)).map(async (step) => step()),
  );
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
