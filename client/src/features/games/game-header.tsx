import { gameTitle, playerName } from "@common/game-limits.ts";
import type { Game } from "@common/games.ts";
import { GameStatusBadge } from "@/components/game-status-badge.tsx";

/** The page's one <h1> with the status, and a plain notice when the game is called off. */
export function GameHeader({ game, inGame }: { game: Game; inGame: boolean }) {
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight break-words">{gameTitle(game)}</h1>
        <GameStatusBadge status={game.status} highlighted inGame={inGame} />
      </div>
      {game.status === "cancelled" && (
        <div className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">This game was cancelled.</p>
          <p className="text-sm">
            {playerName(game.organizer)} called it off, so it will not be played.
          </p>
        </div>
      )}
    </header>
  );
}
