import type { Court, CourtGame } from "@common/courts.ts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { GameTime } from "@/components/game-time.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { courtGamesQuery } from "./court-games-query.ts";

function GameRow({ game, timeZone }: { game: CourtGame; timeZone: string }) {
  return (
    <li>
      <Link
        href={`/game/${game.id}`}
        className="flex items-center justify-between gap-3 rounded-md border p-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium">{game.title || "Basketball Game"}</span>
          <span className="block text-sm text-muted-foreground">
            <GameTime at={game.scheduledAt} timeZone={timeZone} /> · {game.currentPlayers}/
            {game.maxPlayers} players
          </span>
        </span>
        <Badge variant="secondary" className="capitalize">
          {game.status}
        </Badge>
      </Link>
    </li>
  );
}

function GamesList({ court }: { court: Court }) {
  const { data, isPending, isError } = useQuery(courtGamesQuery(court.id));
  if (isPending) return <p role="status">Loading games...</p>;
  if (isError) return <p role="alert">Could not load the games. Please try again.</p>;
  if (data.length === 0) {
    return <p className="text-muted-foreground">No upcoming games at this court yet</p>;
  }
  return (
    <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label="Upcoming games">
      {data.map((game) => (
        <GameRow key={game.id} game={game} timeZone={court.timeZone} />
      ))}
    </ul>
  );
}

type CourtGamesDialogProps = { court: Court | null; onClose: () => void };

/**
 * Join Game for a signed-in player: the court's upcoming games, each opening its page, and a
 * way to start one there.
 */
export function CourtGamesDialog({ court, onClose }: CourtGamesDialogProps) {
  return (
    <Dialog open={court !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Join a game at {court?.name}</DialogTitle>
          <DialogDescription>
            Pick an upcoming game to see who is playing and join.
          </DialogDescription>
        </DialogHeader>
        {court && (
          <>
            <GamesList court={court} />
            <Button asChild variant="outline" className="justify-self-start">
              <Link href={`/games/create?courtId=${court.id}`}>Create a game here</Link>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
