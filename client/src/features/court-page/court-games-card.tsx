import type { CourtDetail } from "@common/court-page.ts";
import { gameTypeLabel } from "@common/game-limits.ts";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { Link } from "wouter";
import { GameTime } from "@/components/game-time.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { recentCourtGamesQuery, upcomingCourtGamesQuery } from "./court-queries.ts";

type GameLineProps = {
  game: { id: number; title: string | null; gameType: string; scheduledAt: string };
  timeZone: string;
  aside: string;
};

function GameLine({ game, timeZone, aside }: GameLineProps) {
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <Link
          href={`/game/${game.id}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {game.title ?? gameTypeLabel(game.gameType)}
        </Link>
        <p className="text-sm text-muted-foreground">
          <GameTime at={game.scheduledAt} timeZone={timeZone} />
        </p>
      </div>
      <span className="shrink-0 text-sm font-medium">{aside}</span>
    </li>
  );
}

function UpcomingGames({ court }: { court: CourtDetail }) {
  const games = useQuery({ ...upcomingCourtGamesQuery(court.id), enabled: court.isActive });
  if (!court.isActive)
    return <p className="text-sm text-muted-foreground">No games: the court is closed.</p>;
  if (games.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!games.data?.length) {
    return (
      <p className="text-sm text-muted-foreground">
        No games planned yet.{" "}
        <Link href={`/games/create?courtId=${court.id}`} className="text-primary underline">
          Create a game here
        </Link>
      </p>
    );
  }
  return (
    <ul className="divide-y">
      {games.data.map((game) => (
        <GameLine
          key={game.id}
          game={game}
          timeZone={court.timeZone}
          aside={`${game.currentPlayers}/${game.maxPlayers} players`}
        />
      ))}
    </ul>
  );
}

function RecentGames({ court }: { court: CourtDetail }) {
  const games = useQuery(recentCourtGamesQuery(court.id));
  if (games.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!games.data?.length)
    return <p className="text-sm text-muted-foreground">No games played here yet.</p>;
  return (
    <ul className="divide-y">
      {games.data.map((game) => (
        <GameLine
          key={game.id}
          game={game}
          timeZone={court.timeZone}
          aside={game.score ? `${game.score.teamA} – ${game.score.teamB}` : "Score not recorded"}
        />
      ))}
    </ul>
  );
}

/** Games at the court: those to come, and the latest played with their scores. */
export function CourtGamesCard({ court }: { court: CourtDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarDays className="size-5 text-brand" aria-hidden="true" />
          Games here
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <section aria-labelledby={`upcoming-${court.id}`} className="space-y-1">
          <h3 id={`upcoming-${court.id}`} className="font-semibold">
            Upcoming
          </h3>
          <UpcomingGames court={court} />
        </section>
        <section aria-labelledby={`recent-${court.id}`} className="space-y-1">
          <h3 id={`recent-${court.id}`} className="font-semibold">
            Recently played
          </h3>
          <RecentGames court={court} />
        </section>
      </CardContent>
    </Card>
  );
}
