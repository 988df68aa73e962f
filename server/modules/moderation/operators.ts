import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  type AuditEntry,
  HIDEABLE_KINDS,
  NOT_OPERATOR,
  NOTHING_TO_HIDE,
  type OperatorReport,
  REPORT_ALREADY_RESOLVED,
  type ReportKind,
  type ReportReason,
  type ResolveReportInput,
} from "../../../common/moderation.ts";
import { destroyUserSessions } from "../../auth/sessions.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import {
  auditLog,
  courtConditionReports,
  courtSuggestions,
  gameMessages,
  reports,
  users,
} from "../../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { playerNames } from "../notifications/game-facts.ts";
import type { ModerationNotice } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import { describeTarget, HIDDEN_WHAT } from "./targets.ts";

const DAY_MS = 86_400_000;
/** The open reports one page shows, oldest first. */
export const OPEN_REPORTS_LIMIT = 50;

export async function isOperator(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ operator: users.isOperator })
    .from(users)
    .where(eq(users.id, userId));
  return row?.operator === true;
}

export async function requireOperator(db: Queryable, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) throw forbidden(NOT_OPERATOR);
}

/** The open reports, oldest first, each with its content, its context and its player. */
export async function openReports(db: Queryable): Promise<OperatorReport[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(OPEN_REPORTS_LIMIT);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ kind: reports.kind, targetId: reports.targetId, n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(
        eq(reports.status, "open"),
        inArray(
          reports.targetId,
          rows.map((r) => r.targetId),
        ),
      ),
    )
    .groupBy(reports.kind, reports.targetId);
  const openOn = new Map(counts.map((c) => [`${c.kind}:${c.targetId}`, Number(c.n)]));
  const people = rows.flatMap((r) => [
    r.reporterId,
    ...(r.reportedUserId ? [r.reportedUserId] : []),
  ]);
  const names = await playerNames(db, people);
  const standing = await db
    .select({ id: users.id, suspendedUntil: users.suspendedUntil, bannedAt: users.bannedAt })
    .from(users)
    .where(inArray(users.id, people));
  const standingOf = new Map(standing.map((s) => [s.id, s]));
  const now = Date.now();
  return Promise.all(
    rows.map(async (r) => {
      const kind = r.kind as ReportKind;
      const target = await describeTarget(db, kind, r.targetId);
      const reported = r.reportedUserId ? standingOf.get(r.reportedUserId) : undefined;
      return {
        id: r.id,
        kind,
        reason: r.reason as ReportReason,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
        reporter: { id: r.reporterId, name: names.get(r.reporterId) ?? "" },
        reported: reported
          ? {
              id: reported.id,
              name: names.get(reported.id) ?? "",
              suspendedUntil:
                reported.suspendedUntil && reported.suspendedUntil.getTime() > now
                  ? reported.suspendedUntil.toISOString()
                  : null,
              banned: reported.bannedAt !== null,
            }
          : null,
        content: target?.content ?? null,
        context: target?.context ?? "No longer there",
        link: target?.link ?? null,
        hidden: target?.hidden ?? false,
        openReportsOnTarget: openOn.get(`${r.kind}:${r.targetId}`) ?? 1,
      };
    }),
  );
}

async function hide(tx: Tx, kind: ReportKind, targetId: string): Promise<void> {
  const id = Number(targetId);
  if (kind === "message") {
    await tx.update(gameMessages).set({ hiddenAt: new Date() }).where(eq(gameMessages.id, id));
  } else if (kind === "condition_report") {
    // Lapsed at once as well: every read of the court's conditions skips lapsed reports.
    await tx
      .update(courtConditionReports)
      .set({
        hiddenAt: new Date(),
        expiresAt: sql`least(${courtConditionReports.expiresAt}, now())`,
      })
      .where(eq(courtConditionReports.id, id));
  } else if (kind === "court_suggestion") {
    // A suggestion still being voted on is rejected; one already applied is a court change,
    // which stays (its court's page is where it is corrected).
    const rejected = await tx
      .update(courtSuggestions)
      .set({ status: "rejected" })
      .where(and(eq(courtSuggestions.id, id), eq(courtSuggestions.status, "pending")))
      .returning({ id: courtSuggestions.id });
    if (rejected.length === 0)
      throw conflict("This suggestion was already decided: nothing to hide.");
  } else {
    throw badRequest(NOTHING_TO_HIDE);
  }
}

const SUMMARIES = {
  dismiss: () => "dismissed the report",
  hide: (kind: ReportKind) => `hid a ${HIDDEN_WHAT[kind]}`,
  warn: () => "warned the player",
  suspend: (_: ReportKind, days?: number) =>
    `suspended the player for ${days} ${days === 1 ? "day" : "days"}`,
  ban: () => "banned the player",
};

/**
 * An operator acts on an open report. The report is closed first, by a conditional update: of
 * two operators acting at once one closes it and acts, the other is told it was done (409), so
 * the log has one outcome. The other open reports on the same content close with it. The player
 * is told what was done and why; a ban also ends their sessions.
 */
export async function resolveReport(
  db: Db,
  operatorId: string,
  reportId: number,
  input: ResolveReportInput,
): Promise<{ action: ResolveReportInput["action"] }> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [report] = await tx
        .update(reports)
        .set({
          status: "resolved",
          resolvedAt: new Date(),
          resolvedBy: operatorId,
          action: input.action,
        })
        .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
        .returning();
      if (!report) {
        const [exists] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(eq(reports.id, reportId));
        throw exists ? conflict(REPORT_ALREADY_RESOLVED) : notFound("Report not found");
      }
      const kind = report.kind as ReportKind;
      const playerId = report.reportedUserId;
      if (input.action === "hide" && !HIDEABLE_KINDS.includes(kind))
        throw badRequest(NOTHING_TO_HIDE);
      if (input.action !== "dismiss" && playerId === null) {
        throw conflict("The player behind this report has deleted their account: dismiss it.");
      }
      await tx
        .update(reports)
        .set({
          status: "resolved",
          resolvedAt: new Date(),
          resolvedBy: operatorId,
          action: input.action,
        })
        .where(
          and(
            eq(reports.kind, report.kind),
            eq(reports.targetId, report.targetId),
            eq(reports.status, "open"),
          ),
        );

      let notice: ModerationNotice | null = null;
      if (input.action === "hide") {
        await hide(tx, kind, report.targetId);
        notice = { action: "hide", what: HIDDEN_WHAT[kind], reason: input.reason };
      } else if (input.action === "warn") {
        notice = { action: "warn", reason: input.reason };
      } else if (input.action === "suspend") {
        const days = input.days ?? 1;
        await tx
          .update(users)
          .set({ suspendedUntil: new Date(Date.now() + days * DAY_MS) })
          .where(eq(users.id, playerId as string));
        notice = { action: "suspend", days, reason: input.reason };
      } else if (input.action === "ban") {
        await tx
          .update(users)
          .set({ bannedAt: new Date() })
          .where(eq(users.id, playerId as string));
        await destroyUserSessions(tx, playerId as string);
        notice = { action: "ban", reason: input.reason };
      }
      await tx.insert(auditLog).values({
        operatorId,
        action: input.action,
        targetUserId: playerId,
        reportId,
        reason: input.reason,
        summary: SUMMARIES[input.action](kind, input.days),
      });
      if (notice && playerId) {
        await notify(tx, [
          {
            kind: "moderation",
            userId: playerId,
            actorId: null,
            payload: notice,
            dedupeKey: `moderation:report:${reportId}`,
          },
        ]);
      }
      return { action: input.action };
    }),
  );
}

/** The audit log, newest first, a page at a time (`before` an entry id). */
export async function auditPage(
  db: Queryable,
  query: { before?: number | undefined; limit: number },
): Promise<{ items: AuditEntry[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(query.before ? lt(auditLog.id, query.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const names = await playerNames(
    db,
    page.flatMap((r) => [r.operatorId, r.targetUserId].filter((id): id is string => id !== null)),
  );
  const who = (id: string | null) => (id ? { id, name: names.get(id) ?? "" } : null);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operator: who(r.operatorId),
      action: r.action,
      target: who(r.targetUserId),
      reportId: r.reportId,
      reason: r.reason,
      summary: r.summary,
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Grant or revoke the operator role, from the command line only (`npm run operator`): written
 * to the audit log with no operator (the shell's user is not a player).
 */
export async function setOperator(
  db: Db,
  email: string,
  operator: boolean,
): Promise<"granted" | "revoked" | "unchanged"> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, isOperator: users.isOperator })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for("update");
    if (!user) throw notFound(`No account has the e-mail ${email}.`);
    if (user.isOperator === operator) return "unchanged";
    await tx.update(users).set({ isOperator: operator }).where(eq(users.id, user.id));
    await tx.insert(auditLog).values({
      operatorId: null,
      action: operator ? "grant" : "revoke",
      targetUserId: user.id,
      // Read as "Command line made an operator · Olga" on the operator page.
      summary: operator ? "made an operator" : "took the operator role from",
    });
    return operator ? "granted" : "revoked";
  });
}
