import { gameTitle } from "@common/game-limits.ts";
import { Link } from "wouter";
import { ChanceLine } from "@/components/chance-line.tsx";
import { GameTime } from "@/components/game-time.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { chanceAsked, useGameChances } from "@/lib/game-chances.ts";
import { useUpcomingGames } from "@/lib/game-queries.ts";

/** Spec §9: the dashboard shows the first 3 upcoming games. */
export const UPCOMING_SHOWN = 3;

/**
 * Rows of the same height as the games they stand for (a title line, a date line and the
 * chance line), so the cards below do not jump when the games arrive.
 */
function UpcomingGamesLoading() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading games...
      </p>
      <ul aria-hidden="true" className="divide-y">
        {Array.from({ length: UPCOMING_SHOWN }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          <li key={i} className="py-3">
            <Skeleton className="my-0.5 h-5 w-2/3" />
            <Skeleton className="mt-1 h-4 w-1/2" />
            <Skeleton className="mt-1 h-4 w-2/5" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Spec §2 Upcoming Games: title, date, court name and players as current/max, from GET
 * /api/games/upcoming (nearest first when the player's position is known), and whether each
 * is likely to happen, as on the games list.
 */
export function UpcomingGames() {
  const { data: games, isPending, isError } = useUpcomingGames();
  const shown = games?.slice(0, UPCOMING_SHOWN) ?? [];
  const chances = useGameChances(shown);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Upcoming Games</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending && <UpcomingGamesLoading />}
        {isError && <p className="text-sm text-muted-foreground">Games could not be loaded.</p>}
        {games?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No upcoming games yet.{" "}
            <Link href="/games" className="font-medium text-primary underline">
              Find games
            </Link>
          </p>
        )}
        {shown.length > 0 && (
          <ul aria-label="Upcoming games" className="divide-y">
            {shown.map((game) => (
              <li key={game.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    href={`/game/${game.id}`}
                    className="block truncate font-medium hover:underline"
                  >
                    {gameTitle(game)}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    <GameTime at={game.scheduledAt} timeZone={game.court.timeZone} style="soon" /> ·{" "}
                    {game.court.name}
                  </p>
                  {chanceAsked(game) && <ChanceLine chance={chances?.get(game.id)} />}
                </div>
                <span className="shrink-0 text-sm font-medium">
                  {game.currentPlayers}/{game.maxPlayers}
                  <span className="sr-only"> players</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
