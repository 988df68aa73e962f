import { and, eq, sql } from "drizzle-orm";
import {
  REPORT_SELF,
  REPORT_TARGET_NOT_FOUND,
  REPORTS_PER_HOUR,
  type ReportInput,
  TOO_MANY_REPORTS,
} from "../../../common/moderation.ts";
import type { Db } from "../../db/client.ts";
import { reports } from "../../db/schema.ts";
import { badRequest, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { describeTarget } from "./targets.ts";
import { tellOperators } from "./tell-operators.ts";

const HOUR_MS = 3_600_000;

/**
 * A player reports something they saw. Counted against their hourly budget first; refused for
 * their own content or something that is not there. Reporting the same thing again while the
 * first report waits answers that report (one open report per reporter and content, kept by
 * a unique index, so two taps at once make one). The player reported is not told.
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: ReportInput,
): Promise<{ id: number }> {
  const sent = await incrementCounter(db, `reports:user:${reporterId}`, HOUR_MS);
  if (sent > REPORTS_PER_HOUR) throw tooManyRequests(TOO_MANY_REPORTS);
  const target = await describeTarget(db, input.kind, input.targetId);
  if (!target) throw notFound(REPORT_TARGET_NOT_FOUND);
  if (target.userId === reporterId) throw badRequest(REPORT_SELF);
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId,
        kind: input.kind,
        targetId: input.targetId,
        reportedUserId: target.userId,
        reason: input.reason,
        details: input.details ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (row) await tellOperators(tx, "report", reporterId);
    return row;
  });
  if (written) return written;
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.kind, input.kind),
        eq(reports.targetId, input.targetId),
        sql`${reports.status} = 'open'`,
      ),
    );
  if (!open) throw new Error("report conflict without an open report");
  return open;
}
