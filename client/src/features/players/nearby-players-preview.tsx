import { Link } from "wouter";
import { useNearbyPlayers } from "./nearby-players-query.ts";
import { PlayerCard } from "./player-card.tsx";

/** Spec §9: the home screen shows the first 3 nearby players. */
export const PREVIEW_PLAYERS = 3;

/** The first nearby players (best match first) for the home screen's 'Bros Looking to Ball'. */
export function NearbyPlayersPreview({ hasLocation }: { hasLocation: boolean }) {
  const { data: players, isPending, isError } = useNearbyPlayers();
  if (isPending) return <p className="text-sm text-muted-foreground">Finding bros...</p>;
  if (isError) return <p className="text-sm text-muted-foreground">Players could not be loaded.</p>;
  if (!hasLocation) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link href="/settings" className="font-medium text-primary underline">
          Set your city
        </Link>{" "}
        to see the bros near you.
      </p>
    );
  }
  if (players.length === 0) {
    return <p className="text-sm text-muted-foreground">No bros near you yet.</p>;
  }
  return (
    <ul className="space-y-2">
      {players.slice(0, PREVIEW_PLAYERS).map((player) => (
        <li key={player.id}>
          <PlayerCard player={player} />
        </li>
      ))}
    </ul>
  );
}
