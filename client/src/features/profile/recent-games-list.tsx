import { Link } from "wouter";
import { GameStatusBadge } from "@/components/game-status-badge.tsx";
import { GameTime } from "@/components/game-time.tsx";
import { useUserGames } from "../../lib/profile-queries.ts";

/** The Profile's Games tab: the player's games, newest first (product §2). */
export function RecentGamesList() {
  const { data: games, isPending, isError } = useUserGames();
  if (isPending) return <p role="status">Loading games...</p>;
  if (isError) return <p className="text-muted-foreground">Games could not be loaded.</p>;
  if (games.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">No recent games</p>;
  }
  return (
    <ul className="divide-y rounded-lg border">
      {games.map((game) => (
        <li key={game.id} className="flex items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <Link href={`/game/${game.id}`} className="font-medium hover:underline">
              {game.title || game.court.name}
            </Link>
            <p className="truncate text-sm text-muted-foreground">{game.court.name}</p>
            <p className="text-sm text-muted-foreground">
              <GameTime at={game.scheduledAt} timeZone={game.court.timeZone} />
            </p>
          </div>
          <GameStatusBadge status={game.status} inGame />
        </li>
      ))}
    </ul>
  );
}
