import type { Court } from "@common/courts.ts";
import { Lightbulb, Star, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/cn.ts";
import {
  activePlayersLabel,
  courtTypeLabel,
  lightingLabel,
  priceLabel,
  ratingLabel,
} from "@/lib/court-format.ts";

export function RatingText({ court, className }: { court: Court; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 font-medium", className)}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="sr-only">Rating </span>
      {ratingLabel(court)}
    </span>
  );
}

export function ActivePlayersText({ count, className }: { count: number; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-sm",
        count > 0 ? "font-medium text-red-700" : "text-muted-foreground",
        className,
      )}
    >
      <Users className="size-4" aria-hidden="true" />
      {activePlayersLabel(count)}
    </span>
  );
}

/** Type, Free/Paid and lighting as small badges. */
export function CourtBadges({ court }: { court: Court }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant="secondary">{courtTypeLabel(court)}</Badge>
      <Badge variant={court.freeToPlay ? "secondary" : "outline"}>{priceLabel(court)}</Badge>
      <Badge variant="secondary" className="gap-1">
        {court.lighting && <Lightbulb className="size-3" aria-hidden="true" />}
        {lightingLabel(court)}
      </Badge>
    </div>
  );
}
