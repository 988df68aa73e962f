import {
  HIDEABLE_KINDS,
  type OperatorAction,
  type OperatorReport,
  REPORT_REASON_LABELS,
} from "@common/moderation.ts";
import { useId } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { actionWords, formatDay, formatWhen, REPORT_KIND_LABELS } from "./report-words.ts";
import { ResolveReportDialog } from "./resolve-report-dialog.tsx";

/** The actions that fit: hiding needs content not hidden yet; the rest need a player. */
function actionsFor(report: OperatorReport): OperatorAction[] {
  const actions: OperatorAction[] = ["dismiss"];
  if (HIDEABLE_KINDS.includes(report.kind) && !report.hidden) actions.push("hide");
  if (report.reported && !report.reported.banned) actions.push("warn", "suspend", "ban");
  return actions;
}

function ReportedStanding({ reported }: { reported: NonNullable<OperatorReport["reported"]> }) {
  if (reported.banned) return <Badge variant="destructive">Banned</Badge>;
  if (reported.suspendedUntil && new Date(reported.suspendedUntil) > new Date()) {
    return <Badge variant="secondary">Suspended until {formatDay(reported.suspendedUntil)}</Badge>;
  }
  return null;
}

/** One open report: what was said, where, by whom, who reported it, and what to do. */
export function OpenReportCard({ report }: { report: OperatorReport }) {
  const headingId = useId();
  const others = report.openReportsOnTarget;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          {REPORT_REASON_LABELS[report.reason]}: {REPORT_KIND_LABELS[report.kind]}
        </h3>
        <time dateTime={report.createdAt} className="text-sm text-muted-foreground">
          {formatWhen(report.createdAt)}
        </time>
      </header>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Reported by</dt>
        <dd>{report.reporter.name}</dd>
        <dt className="text-muted-foreground">Player</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {report.reported ? (
            <>
              {report.reported.name}
              <ReportedStanding reported={report.reported} />
            </>
          ) : (
            "No player is left behind it"
          )}
        </dd>
        <dt className="text-muted-foreground">Where</dt>
        <dd>{report.context}</dd>
      </dl>
      {report.content !== null && (
        <blockquote className="border-l-4 pl-3 break-words whitespace-pre-line">
          {report.content}
        </blockquote>
      )}
      {report.hidden && <p className="text-sm text-muted-foreground">Hidden already.</p>}
      {report.details && (
        <p className="text-sm">
          <span className="text-muted-foreground">The reporter adds: </span>
          {report.details}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {others === 1 ? "1 open report on this" : `${others} open reports on this`}
        {report.link && (
          <>
            {" · "}
            <Link href={report.link} className="text-primary underline underline-offset-4">
              Open it in the app
            </Link>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        {actionsFor(report).map((action) => (
          <ResolveReportDialog
            key={action}
            report={report}
            action={action}
            trigger={
              <Button
                size="sm"
                variant={action === "ban" ? "destructive" : "outline"}
                aria-describedby={headingId}
              >
                {actionWords(action, report).button}
              </Button>
            }
          />
        ))}
      </div>
    </article>
  );
}
