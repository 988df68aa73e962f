import type { Court } from "@common/courts.ts";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import {
  activePlayersLabel,
  courtTypeLabel,
  lightingLabel,
  priceLabel,
  ratingLabel,
} from "@/lib/court-format.ts";

type CourtPopupProps = { court: Court };

/**
 * A marker's popup (product §2): name, address, type, Free/Paid, Lights, rating, active count.
 * View Details opens the court's own page.
 */
export function CourtPopup({ court }: CourtPopupProps) {
  return (
    <div className="grid min-w-[200px] gap-2 font-sans text-sm text-foreground">
      <div>
        <div className="text-base font-semibold leading-tight">{court.name}</div>
        {court.address && <div className="text-muted-foreground">{court.address}</div>}
      </div>
      <ul className="flex flex-wrap gap-1.5">
        <li className="rounded bg-muted px-1.5 py-0.5">{courtTypeLabel(court)}</li>
        <li className="rounded bg-muted px-1.5 py-0.5">{priceLabel(court)}</li>
        <li className="rounded bg-muted px-1.5 py-0.5">{lightingLabel(court)}</li>
        <li className="rounded bg-muted px-1.5 py-0.5">
          <span aria-hidden="true">★ </span>
          <span className="sr-only">Rating </span>
          {ratingLabel(court)}
        </li>
      </ul>
      <div
        className={court.activePlayers > 0 ? "font-medium text-red-700" : "text-muted-foreground"}
      >
        {activePlayersLabel(court.activePlayers)}
      </div>
      {/* Leaflet colours every link in a popup blue: the button keeps its own text colour. */}
      <Button size="sm" asChild className="text-primary-foreground!">
        <Link href={`/courts/${court.id}`}>View Details</Link>
      </Button>
    </div>
  );
}
