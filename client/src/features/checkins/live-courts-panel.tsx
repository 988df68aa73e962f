import { CheckInDialog } from "@/components/check-in-dialog.tsx";
import { useCheckInDialog } from "@/lib/use-check-in-dialog.ts";
import { CourtSummaryList, type Here } from "./court-summary-list.tsx";
import { LIVE_MAP_COURTS, LiveCourtsMapCard } from "./live-courts-map-card.tsx";
import { usePopularCourts } from "./popular-courts-query.ts";

/**
 * The dashboard's live courts: the map card of the three most active courts, their Court
 * cards, and the Check into Court dialog that a marker or Join opens for the chosen court.
 */
export function LiveCourtsPanel({ here }: { here: Here }) {
  const { data: courts, isError } = usePopularCourts();
  const dialog = useCheckInDialog();
  return (
    <div className="space-y-3">
      <LiveCourtsMapCard
        courts={isError ? [] : courts}
        selectedId={dialog.court?.id ?? null}
        onSelect={dialog.openFor}
      />
      <CourtSummaryList
        courts={(courts ?? []).slice(0, LIVE_MAP_COURTS)}
        here={here}
        onJoin={dialog.openFor}
        label="Live courts"
        placeholders={courts === undefined && !isError ? LIVE_MAP_COURTS : 0}
      />
      <CheckInDialog {...dialog.dialogProps} />
    </div>
  );
}
