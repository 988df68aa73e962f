import type { GameChance } from "@common/attendance.ts";
import { gameTitle, XP_PER_GAME } from "@common/game-limits.ts";
import type { Game } from "@common/games.ts";
import { MapPin, Users } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { ChanceLine } from "@/components/chance-line.tsx";
import { GameStatusBadge } from "@/components/game-status-badge.tsx";
import { GameTime } from "@/components/game-time.tsx";
import { GoNoGoLine } from "@/components/go-no-go-line.tsx";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/cn.ts";
import { formatDistance } from "./game-format.ts";

type GameCardProps = {
  game: Game;
  /** The level that fits under the list's own heading (headings must not skip levels). */
  headingLevel?: "h3" | "h4";
  /** The viewer holds a seat in this game (their own lists): an active one is '✓ Checked in'. */
  inGame?: boolean;
  /** "Will it happen?" for a game that can still happen or not; null: still loading. */
  chance?: GameChance | null;
};

function CompletedLine({ result }: { result: Game["result"] }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm">
      {result ? (
        <span className="font-semibold tabular-nums">
          <span className="sr-only">Final score </span>
          {result.teamAScore} – {result.teamBScore}
        </span>
      ) : (
        <span className="text-muted-foreground">Score not recorded</span>
      )}
      <span className="font-semibold text-orange-700">+{XP_PER_GAME} XP</span>
    </p>
  );
}

/**
 * Spec §2 "Game card": title (else court name, else 'Basketball Game'), day words and time,
 * status, players, View; completed games show their score and XP, an active one a highlighted
 * border (product §4).
 */
export function GameCard({
  game,
  headingLevel: Heading = "h3",
  inGame = false,
  chance,
}: GameCardProps) {
  const titleId = useId();
  const title = gameTitle(game);
  return (
    <article
      aria-labelledby={titleId}
      data-status={game.status}
      className={cn(
        "flex flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground shadow-sm",
        game.status === "active" && "border-2 border-green-600 ring-2 ring-green-600/20",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading id={titleId} className="min-w-0 break-words font-semibold">
          {title}
        </Heading>
        <GameStatusBadge status={game.status} inGame={inGame} />
      </div>
      <p className="text-sm">
        <GameTime at={game.scheduledAt} timeZone={game.court.timeZone} style="soon" />
      </p>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 truncate">
          {game.court.name}
          {game.distanceMiles !== null && ` · ${formatDistance(game.distanceMiles)}`}
        </span>
      </p>
      <GoNoGoLine game={game} />
      {chance !== undefined && <ChanceLine chance={chance ?? undefined} />}
      {game.status === "completed" && <CompletedLine result={game.result} />}
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <Users aria-hidden="true" className="size-4" />
          {game.currentPlayers}/{game.maxPlayers}
          <span className="sr-only"> players</span>
        </p>
        <Button asChild size="sm" variant="outline">
          <Link href={`/game/${game.id}`} aria-label={`View ${title}`}>
            View
          </Link>
        </Button>
      </div>
    </article>
  );
}
