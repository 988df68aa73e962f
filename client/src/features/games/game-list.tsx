import type { Game } from "@common/games.ts";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { cn } from "@/lib/cn.ts";
import { chanceAsked, useGameChances } from "@/lib/game-chances.ts";
import { GameCard } from "./game-card.tsx";

type GameListProps = {
  games: readonly Game[];
  /** Names the list for screen readers ("Upcoming games"). */
  label: string;
  headingLevel?: "h3" | "h4";
  className?: string;
  /** Lists of the viewer's own games (they hold a seat in each). */
  inGame?: boolean;
};

/** Game cards in one column on phones, two from medium screens up unless told otherwise. */
export function GameList({ games, label, headingLevel, className, inGame }: GameListProps) {
  const chances = useGameChances(games);
  return (
    // grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long court name truncates inside its card
    // instead of widening the column past the screen.
    <ul aria-label={label} className={cn("grid grid-cols-1 gap-3 md:grid-cols-2", className)}>
      {games.map((game) => (
        <li key={game.id} className="min-w-0">
          <GameCard
            game={game}
            headingLevel={headingLevel}
            inGame={inGame}
            chance={chanceAsked(game) ? (chances?.get(game.id) ?? null) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/** `announce`: false where the page's own status line already says it is loading. */
export function GamesLoading({ announce = true }: { announce?: boolean }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {announce && (
        <p role="status" className="sr-only md:col-span-2">
          Loading games...
        </p>
      )}
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} className="h-40" />
      ))}
    </div>
  );
}

export function GamesError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-dashed p-6 text-center">
      <p>Games could not be loaded.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
