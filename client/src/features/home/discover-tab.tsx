import { LOCATION_NOT_SET, playerLocation } from "@common/player-location.ts";
import type { CurrentUser } from "@common/user.ts";
import { MapPin, Plus, Search, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";

type DiscoverTabProps = {
  user: CurrentUser | null;
  /** Nearby players who are available; undefined while unknown. */
  lookingToBall: number | undefined;
  courts: ReactNode;
  players: ReactNode;
};

export function locationLabel(user: CurrentUser | null): string {
  const place = { area: user?.profile?.location, city: user?.city, state: user?.state };
  return playerLocation(place) ?? LOCATION_NOT_SET;
}

/**
 * Spec §2 Discover: where the player is, whether they are available, how many bros nearby are
 * looking to ball, Quick Match, the court search with the popular courts, and nearby players.
 * Quick Match goes somewhere real instead of only logging: find a game, find bros, create one.
 */
export function DiscoverTab({ user, lookingToBall, courts, players }: DiscoverTabProps) {
  const available = user?.profile?.isAvailable ?? false;
  return (
    <>
      <section aria-label="Your status" className="space-y-2 rounded-lg border bg-card p-4">
        <p className="flex items-center gap-2 font-medium">
          <MapPin aria-hidden="true" className="size-4 text-primary" />
          {locationLabel(user)}
        </p>
        <Badge
          variant="outline"
          className={available ? "border-green-700 text-green-800" : "text-muted-foreground"}
        >
          {available ? "Available to hoop" : "Not available"}
        </Badge>
        <p className="text-sm text-muted-foreground">
          {lookingToBall === undefined
            ? "Finding bros near you..."
            : `${lookingToBall} ${lookingToBall === 1 ? "bro" : "bros"} nearby looking to ball`}
        </p>
      </section>

      <section aria-labelledby="quick-match-heading" className="space-y-2">
        <h2 id="quick-match-heading" className="text-lg font-semibold">
          Quick Match
        </h2>
        <div className="grid grid-cols-3 gap-2">
          <Button asChild variant="outline" className="h-auto flex-col py-3">
            <Link href="/games">
              <Search aria-hidden="true" />
              Find Game
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-auto flex-col py-3">
            <Link href="/players">
              <Users aria-hidden="true" />
              Find Bros
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-auto flex-col py-3">
            <Link href="/games/create">
              <Plus aria-hidden="true" />
              Create Game
            </Link>
          </Button>
        </div>
      </section>

      {courts}
      <Button asChild variant="outline" className="w-full">
        <Link href="/courts">Browse Courts</Link>
      </Button>

      <section aria-labelledby="looking-heading" className="space-y-2">
        <div className="flex items-center justify-between">
          <h2 id="looking-heading" className="text-lg font-semibold">
            Bros Looking to Ball
          </h2>
          <Link href="/players" className="text-sm font-medium text-primary underline">
            See all
          </Link>
        </div>
        {players}
      </section>
    </>
  );
}
