import { CONDITION_KINDS } from "@common/condition-kinds.ts";
import type { ConditionReport } from "@common/court-conditions.ts";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, ClipboardList } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { lazyDialog } from "@/components/ui/lazy-dialog.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { ageLabel, lapsesLabel } from "./condition-age.ts";
import { conditionsQuery } from "./conditions-query.ts";
import { useConfirmCondition } from "./use-condition-actions.ts";

// Its form loads when the dialog first opens, not with the court page.
const ReportConditionDialog = lazyDialog(
  () => import("./report-condition-dialog.tsx").then((m) => m.ReportConditionDialog),
  (props) => props.open,
);

/** What the page puts beside a report someone else made (Report, to an operator). */
export type ConditionAction = (report: ConditionReport) => ReactNode;

type ConditionsCardProps = {
  court: { id: number; name: string; isActive: boolean };
  /** Shown to signed-in players on others' reports only. */
  reportAction?: ConditionAction;
};

function ReportLine({
  report,
  canConfirm,
  onConfirm,
  confirming,
  action,
}: {
  report: ConditionReport;
  canConfirm: boolean;
  onConfirm: () => void;
  confirming: boolean;
  action?: ReactNode;
}) {
  const kind = CONDITION_KINDS[report.kind];
  const Icon = kind.tone === "good" ? CheckCircle2 : AlertTriangle;
  const confirmed =
    report.confirmations === 0
      ? ""
      : ` · confirmed by ${report.confirmations} ${report.confirmations === 1 ? "player" : "players"}`;
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="flex min-w-0 gap-2">
        <Icon
          className={
            kind.tone === "good"
              ? "mt-0.5 size-5 shrink-0 text-green-700"
              : "mt-0.5 size-5 shrink-0 text-amber-700"
          }
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p className="font-medium">{kind.label}</p>
          {report.note && <p className="text-sm">“{report.note}”</p>}
          <p className="text-sm text-muted-foreground">
            {/* Ages move with the clock: the server's text may be a minute older than the
                hydrating browser's, which is not a mismatch worth an error. */}
            Reported <span suppressHydrationWarning>{ageLabel(report.createdAt)}</span>
            {confirmed} · <span suppressHydrationWarning>{lapsesLabel(report.expiresAt)}</span>
          </p>
        </div>
      </div>
      {(canConfirm || action) && (
        <div className="flex shrink-0 flex-col items-end gap-1">
          {canConfirm && (
            <Button
              size="sm"
              variant="outline"
              disabled={confirming || report.confirmedByViewer}
              onClick={onConfirm}
              aria-label={`Confirm ${kind.label}`}
            >
              {report.confirmedByViewer ? "Confirmed" : "Still true"}
            </Button>
          )}
          {action}
        </div>
      )}
    </li>
  );
}

/** Live condition reports (the latest per subject), with Report and Still true for players there. */
export function ConditionsCard({ court, reportAction }: ConditionsCardProps) {
  const { isAuthenticated } = useAuth();
  const query = useQuery(conditionsQuery(court.id));
  const confirm = useConfirmCondition(court.id);
  const [reporting, setReporting] = useState(false);
  const reports = query.data ?? [];

  function confirmReport(reportId: number) {
    confirm.mutate(reportId, {
      onSuccess: () =>
        toast({ title: "Thanks for confirming", description: "The report lasts longer now." }),
      onError: (failure) =>
        toast({
          variant: "destructive",
          title: "Could not confirm",
          description: apiErrorOf(failure)?.message ?? failure.message ?? "Please try again.",
        }),
    });
  }

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2" className="flex items-center gap-2">
          <ClipboardList className="size-5 text-brand" aria-hidden="true" />
          Court conditions
        </CardTitle>
        {court.isActive && isAuthenticated && (
          <Button variant="outline" onClick={() => setReporting(true)}>
            Report
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-2">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No recent reports. Players at the court can say how it is.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Recent reports">
            {reports.map((report) => (
              <ReportLine
                key={report.id}
                report={report}
                canConfirm={isAuthenticated && court.isActive && !report.mine}
                confirming={confirm.isPending}
                onConfirm={() => confirmReport(report.id)}
                action={isAuthenticated && !report.mine ? reportAction?.(report) : undefined}
              />
            ))}
          </ul>
        )}
        {!isAuthenticated && court.isActive && (
          <p className="text-sm text-muted-foreground">
            Sign in to report what you see at the court.
          </p>
        )}
      </CardContent>
      <ReportConditionDialog
        courtId={court.id}
        courtName={court.name}
        open={reporting}
        onOpenChange={setReporting}
      />
    </Card>
  );
}
