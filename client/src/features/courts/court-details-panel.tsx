import type { Court } from "@common/courts.ts";
import { MapPin, Navigation } from "lucide-react";
import { memo, type Ref, useId } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  courtCountLabel,
  courtTypeLabel,
  directionsUrl,
  lightingLabel,
  priceLabel,
} from "@/lib/court-format.ts";
import { ActivePlayersText, RatingText } from "./court-facts.tsx";
import type { CourtActions } from "./use-court-actions.ts";

/** OpenStreetMap's surface values are lower case words ("asphalt", "wood"). */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-md bg-muted px-3 py-2">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function CourtDetails({
  court,
  actions,
  titleId,
}: {
  court: Court;
  actions: CourtActions;
  titleId: string;
}) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 id={titleId} className="text-xl font-bold leading-tight">
          {court.name}
        </h2>
        {court.address && (
          <p className="flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {court.address}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <RatingText court={court} />
        <ActivePlayersText count={court.activePlayers} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <Fact term="Type" value={courtTypeLabel(court)} />
        <Fact term="Price" value={priceLabel(court)} />
        <Fact term="Lighting" value={lightingLabel(court)} />
        <Fact term="Courts" value={courtCountLabel(court)} />
        {court.surface && <Fact term="Surface" value={capitalized(court.surface)} />}
        {court.openingHours && <Fact term="Hours" value={court.openingHours} />}
      </dl>
      {court.description && <p className="text-sm">{court.description}</p>}
      {court.amenities.length > 0 && (
        <p className="text-sm text-muted-foreground">Amenities: {court.amenities.join(", ")}</p>
      )}
      <div className="grid gap-2">
        <Button asChild>
          <a href={directionsUrl(court)} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" />
            Get Directions
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button variant="outline" onClick={() => actions.checkIn(court)}>
          Check In
        </Button>
        <Button variant="outline" onClick={() => actions.joinGame(court)}>
          Join Game
        </Button>
      </div>
    </div>
  );
}

type CourtDetailsPanelProps = {
  court: Court | null;
  actions: CourtActions;
  /** Focused after a card's View Details, so keyboard users land on what they chose. */
  ref?: Ref<HTMLElement>;
};

/** The side panel of product §2: a prompt until a court is chosen, then its details and actions. */
export const CourtDetailsPanel = memo(function CourtDetailsPanel({
  court,
  actions,
  ref,
}: CourtDetailsPanelProps) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="scroll-mt-20 rounded-lg border bg-card p-5 shadow-sm focus:outline-none"
    >
      {court ? (
        <CourtDetails court={court} actions={actions} titleId={titleId} />
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-2 py-8 text-center">
          <MapPin className="size-8 text-brand" aria-hidden="true" />
          <h2 id={titleId} className="text-lg font-semibold">
            Select a Court
          </h2>
          <p className="text-sm text-muted-foreground">
            Choose a marker on the map to see it here, or View Details for its own page.
          </p>
        </div>
      )}
    </section>
  );
});
