import type { Court } from "@common/courts.ts";
import { Star } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  activePlayersPill,
  courtHeat,
  HEAT_LABELS,
  HEAT_PILL_CLASSES,
} from "@/lib/court-labels.ts";
import { formatMiles } from "./distance.ts";

type CourtSummaryCardProps = {
  court: Court;
  /** Miles from the player; omitted when either position is unknown (never made up). */
  miles: number | null;
  onJoin: (court: Court) => void;
  headingLevel?: "h3" | "h4";
};

/** Spec §2 "Court card": name, distance, Indoor/Outdoor, active-player pill, rating, Join. */
export function CourtSummaryCard({
  court,
  miles,
  onJoin,
  headingLevel: Heading = "h3",
}: CourtSummaryCardProps) {
  const heat = courtHeat(court.activePlayers);
  return (
    <article
      aria-label={court.name}
      className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <Heading className="truncate font-semibold">{court.name}</Heading>
        <p className="text-sm text-muted-foreground">
          {miles !== null && <span>{formatMiles(miles)} · </span>}
          {court.isIndoor ? "Indoor" : "Outdoor"}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline" data-heat={heat} className={HEAT_PILL_CLASSES[heat]}>
            {activePlayersPill(court.activePlayers)}
            <span className="sr-only"> ({HEAT_LABELS[heat]})</span>
          </Badge>
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span className="sr-only">Rating</span>
            {court.rating.toFixed(1)}
          </span>
        </div>
      </div>
      <Button size="sm" onClick={() => onJoin(court)} aria-label={`Join ${court.name}`}>
        Join
      </Button>
    </article>
  );
}
