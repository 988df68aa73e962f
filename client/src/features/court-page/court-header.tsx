import type { CourtDetail } from "@common/court-page.ts";
import { Ban, MapPin, Navigation } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  courtCountLabel,
  courtTypeLabel,
  directionsUrl,
  lightingLabel,
  priceLabel,
} from "@/lib/court-format.ts";

type CourtHeaderProps = {
  court: CourtDetail;
  /** The page's actions (check in, suggest a correction), after Get Directions. */
  children?: ReactNode;
};

/** The court's name, place and facts: the page's one <h1>. A retired court says it is closed. */
export function CourtHeader({ court, children }: CourtHeaderProps) {
  return (
    <header className="space-y-3">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{court.name}</h1>
        {court.address && (
          <p className="flex items-start gap-1 text-muted-foreground">
            <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
            {court.address}
          </p>
        )}
      </div>
      {!court.isActive && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 font-medium text-destructive"
        >
          <Ban className="size-4" aria-hidden="true" />
          Closed for good. Its history stays here; check-ins, reports and ratings are over.
        </p>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Court facts">
        {[
          courtTypeLabel(court),
          priceLabel(court),
          lightingLabel(court),
          courtCountLabel(court),
        ].map((fact) => (
          <li key={fact}>
            <Badge variant="secondary">{fact}</Badge>
          </li>
        ))}
        {court.source === "player" && (
          <li>
            <Badge variant="outline">Added by players</Badge>
          </li>
        )}
      </ul>
      {court.description && <p className="max-w-prose text-sm">{court.description}</p>}
      {court.amenities.length > 0 && (
        <p className="text-sm text-muted-foreground">Amenities: {court.amenities.join(", ")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {children}
        <Button variant="outline" asChild>
          <a href={directionsUrl(court)} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" />
            Get Directions
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </header>
  );
}
