import type { Court } from "@common/courts.ts";
import { milesBetween } from "@common/geo.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { CourtSummaryCard } from "./court-summary-card.tsx";

export type Here = { latitude: number | null; longitude: number | null } | null;

/** A Court card's height (name, type line, pill row), held by placeholders while loading. */
const CARD_HEIGHT = "h-[6.75rem]";

/**
 * Court cards with their distance from the player; Join hands the court to `onJoin`. While
 * the courts load, `placeholders` cards of the same height keep the space they will take.
 */
export function CourtSummaryList(props: {
  courts: Court[];
  here: Here;
  onJoin: (court: Court) => void;
  label?: string;
  placeholders?: number;
}) {
  if (props.placeholders) {
    return (
      <ul className="space-y-2" aria-hidden="true">
        {Array.from({ length: props.placeholders }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          <li key={i}>
            <Skeleton className={`${CARD_HEIGHT} rounded-lg`} />
          </li>
        ))}
      </ul>
    );
  }
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
