import { CheckInDialog } from "./check-in-dialog.tsx";
import { CourtSummaryCard } from "./court-summary-card.tsx";
import { milesBetween } from "./distance.ts";
import { LIVE_MAP_COURTS, LiveCourtsMapCard } from "./live-courts-map-card.tsx";
import { usePopularCourts } from "./popular-courts-query.ts";
import { useCheckInDialog } from "./use-check-in-dialog.ts";

type Here = { latitude: number | null; longitude: number | null } | null;

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
      <ul className="space-y-2" aria-label="Live courts">
        {(courts ?? []).slice(0, LIVE_MAP_COURTS).map((court) => (
          <li key={court.id}>
            <CourtSummaryCard
              court={court}
              miles={milesBetween(here, court)}
              onJoin={dialog.openFor}
            />
          </li>
        ))}
      </ul>
      <CheckInDialog {...dialog.dialogProps} />
    </div>
  );
}
