import { and, desc, eq, sql } from "drizzle-orm";
import {
  ALREADY_REPORTED,
  CONDITION_KINDS,
  CONFIRMATIONS_PER_HOUR,
  type ConditionKind,
  type ConditionReport,
  type ConditionReportInput,
  OWN_REPORT,
  REPORT_NOT_FOUND,
  REPORTS_PER_COURT_PER_HOUR,
  REPORTS_PER_HOUR,
  TOO_MANY_CONFIRMATIONS,
  TOO_MANY_REPORTS,
} from "../../../common/court-conditions.ts";
import { COURT_CLOSED } from "../../../common/court-page.ts";
import type { Position } from "../../../common/position.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { courtConditionConfirmations, courtConditionReports, courts } from "../../db/schema.ts";
import { conflict, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { findCourt, findOpenCourt } from "../court-page/service.ts";
import { type Basis, basisAtCourt } from "./presence.ts";

const HOUR_MS = 3_600_000;
const r = courtConditionReports;
const c = courtConditionConfirmations;

const lifetime = (kind: ConditionKind) =>
  sql`make_interval(mins => ${CONDITION_KINDS[kind].minutes})`;

/** Counts one more against each limit first (atomic per key), then refuses past either. */
async function countReport(db: Db, userId: string, courtId: number): Promise<void> {
  const here = await incrementCounter(db, `reports:user:${userId}:court:${courtId}`, HOUR_MS);
  const overall = await incrementCounter(db, `reports:user:${userId}`, HOUR_MS);
  if (here > REPORTS_PER_COURT_PER_HOUR || overall > REPORTS_PER_HOUR) {
    throw tooManyRequests(TOO_MANY_REPORTS);
  }
}

function reportsWith(db: Queryable, viewerId: string | null) {
  return db
    .select({
      id: r.id,
      kind: r.kind,
      note: r.note,
      userId: r.userId,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      confirmations: sql<number>`(select count(*) from ${c} where ${c.reportId} = ${r.id})::int`,
      lastConfirmedAt: sql<
        Date | string | null
      >`(select max(${c.createdAt}) from ${c} where ${c.reportId} = ${r.id})`,
      confirmedByViewer: viewerId
        ? sql<boolean>`exists (select 1 from ${c} where ${c.reportId} = ${r.id} and ${c.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(r)
    .$dynamic();
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsWith>["execute"]>>[number];

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toReport(row: ReportRow, viewerId: string | null): ConditionReport {
  return {
    id: row.id,
    kind: row.kind as ConditionKind,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastConfirmedAt: iso(row.lastConfirmedAt),
    confirmations: row.confirmations,
    mine: row.userId === viewerId,
    confirmedByViewer: Boolean(row.confirmedByViewer),
  };
}

const lastSeen = (report: ConditionReport) =>
  Math.max(Date.parse(report.createdAt), Date.parse(report.lastConfirmedAt ?? report.createdAt));

/**
 * The court's live reports: for each subject (rims, nets, lights…) only the one most recently
 * made or confirmed, since 'Lights working' after 'Lights not working' settles the question.
 * Newest first. The (court, expiry) index reads only the live ones.
 */
export async function liveConditions(
  db: Queryable,
  courtId: number,
  viewerId: string | null,
): Promise<ConditionReport[]> {
  await findCourt(db, courtId);
  const rows = await reportsWith(db, viewerId)
    .where(and(eq(r.courtId, courtId), sql`${r.expiresAt} > now()`))
    .orderBy(desc(r.createdAt), desc(r.id));
  const latest = new Map<string, ConditionReport>();
  for (const report of rows.map((row) => toReport(row, viewerId))) {
    const subject = CONDITION_KINDS[report.kind].subject;
    const held = latest.get(subject);
    if (!held || lastSeen(report) > lastSeen(held)) latest.set(subject, report);
  }
  return [...latest.values()].sort((a, b) => lastSeen(b) - lastSeen(a));
}

async function reportById(db: Queryable, id: number, viewerId: string | null) {
  const [row] = await reportsWith(db, viewerId).where(eq(r.id, id));
  if (!row) throw new Error(`report ${id} vanished`);
  return toReport(row, viewerId);
}

/** Adds the player's confirmation and starts the report's time again; false if already there. */
async function addConfirmation(
  db: Queryable,
  report: { id: number; kind: ConditionKind },
  userId: string,
  basis: Basis,
): Promise<boolean> {
  const [added] = await db
    .insert(c)
    .values({ reportId: report.id, userId, basis })
    .onConflictDoNothing()
    .returning({ reportId: c.reportId });
  if (!added) return false;
  await db
    .update(r)
    .set({ expiresAt: sql`greatest(${r.expiresAt}, now() + ${lifetime(report.kind)})` })
    .where(eq(r.id, report.id));
  return true;
}

/**
 * A player at the court reports what they see. If the same thing is already reported and live,
 * their report confirms that one instead of doubling it (answer `created: false`); reporting it
 * again themselves is a 409. The court row is locked for the check and the insert, so two
 * players reporting the same thing at once make one report and one confirmation.
 */
export async function reportCondition(
  db: Db,
  userId: string,
  courtId: number,
  input: ConditionReportInput,
): Promise<{ report: ConditionReport; created: boolean }> {
  const court = await findOpenCourt(db, courtId);
  const basis = await basisAtCourt(db, userId, court, input.position);
  await countReport(db, userId, courtId);
  const id = await withRetry(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ isActive: courts.isActive })
        .from(courts)
        .where(eq(courts.id, courtId))
        .for("no key update");
      if (!locked?.isActive) throw conflict(COURT_CLOSED);
      const [live] = await tx
        .select({ id: r.id, userId: r.userId })
        .from(r)
        .where(and(eq(r.courtId, courtId), eq(r.kind, input.kind), sql`${r.expiresAt} > now()`))
        .orderBy(desc(r.createdAt))
        .limit(1);
      if (live) {
        if (live.userId === userId) throw conflict(ALREADY_REPORTED);
        const added = await addConfirmation(tx, { id: live.id, kind: input.kind }, userId, basis);
        if (!added) throw conflict(ALREADY_REPORTED);
        return { id: live.id, created: false };
      }
      const [row] = await tx
        .insert(r)
        .values({
          courtId,
          userId,
          kind: input.kind,
          // A blank note is no note.
          note: input.note || null,
          basis,
          reporterLatitude: input.position?.latitude ?? null,
          reporterLongitude: input.position?.longitude ?? null,
          expiresAt: sql`now() + ${lifetime(input.kind)}`,
        })
        .returning({ id: r.id });
      if (!row) throw new Error("report insert returned no row");
      return { id: row.id, created: true };
    }),
  );
  return { report: await reportById(db, id.id, userId), created: id.created };
}

/**
 * Another player at the court says a live report is still true: it lasts its full time again
 * from now. Confirming twice changes nothing; one's own report cannot be confirmed (409).
 */
export async function confirmCondition(
  db: Db,
  userId: string,
  reportId: number,
  position: Position | undefined,
): Promise<ConditionReport> {
  const [report] = await db
    .select({ id: r.id, kind: r.kind, userId: r.userId, courtId: r.courtId })
    .from(r)
    .where(and(eq(r.id, reportId), sql`${r.expiresAt} > now()`));
  if (!report) throw notFound(REPORT_NOT_FOUND);
  const court = await findOpenCourt(db, report.courtId);
  if (report.userId === userId) throw conflict(OWN_REPORT);
  const basis = await basisAtCourt(db, userId, court, position);
  const confirmed = await incrementCounter(db, `confirmations:user:${userId}`, HOUR_MS);
  if (confirmed > CONFIRMATIONS_PER_HOUR) throw tooManyRequests(TOO_MANY_CONFIRMATIONS);
  await db.transaction((tx) =>
    addConfirmation(tx, { id: report.id, kind: report.kind as ConditionKind }, userId, basis),
  );
  return reportById(db, report.id, userId);
}
