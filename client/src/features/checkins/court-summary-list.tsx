import type { Court } from "@common/courts.ts";
import { milesBetween } from "@common/position.ts";
import { CourtSummaryCard } from "./court-summary-card.tsx";

export type Here = { latitude: number | null; longitude: number | null } | null;

/** Court cards with their distance from the player; Join hands the court to `onJoin`. */
export function CourtSummaryList(props: {
  courts: Court[];
  here: Here;
  onJoin: (court: Court) => void;
  label?: string;
}) {
  return (
    <ul className="space-y-2" aria-label={props.label}>
      {props.courts.map((court) => (
        <li key={court.id}>
          <CourtSummaryCard
            court={court}
            miles={milesBetween(props.here, court)}
            onJoin={props.onJoin}
          />
        </li>
      ))}
    </ul>
  );
}
