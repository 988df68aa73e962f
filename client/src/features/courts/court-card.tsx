import type { Court } from "@common/courts.ts";
import { Heart, MapPin } from "lucide-react";
import { memo, useId } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/cn.ts";
import { ActivePlayersText, CourtBadges, RatingText } from "./court-facts.tsx";
import type { CourtActions } from "./use-court-actions.ts";

type CourtCardProps = {
  court: Court;
  selected: boolean;
  actions: CourtActions;
};

export const CourtCard = memo(function CourtCard({ court, selected, actions }: CourtCardProps) {
  const titleId = useId();
  const favorite = actions.isFavorite(court);
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "flex flex-1 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm",
        selected && "border-primary ring-2 ring-primary/30",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold leading-tight">
          {court.name}
        </h3>
        <RatingText court={court} className="shrink-0 text-sm" />
      </div>
      {court.address && (
        <p className="flex items-start gap-1 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {court.address}
        </p>
      )}
      <CourtBadges court={court} />
      <ActivePlayersText count={court.activePlayers} />
      <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
        <Button size="sm" variant="outline" asChild>
          <Link href={`/courts/${court.id}`}>View Details</Link>
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={favorite}
          onClick={() => actions.favorite(court)}
        >
          <Heart aria-hidden="true" className={cn(favorite && "fill-red-600 text-red-600")} />
          Favorite Court
        </Button>
        <Button size="sm" className="col-span-2" onClick={() => actions.joinGame(court)}>
          Join Game
        </Button>
      </div>
    </article>
  );
});
