import { formatSpotsLeft, gameTypeLabel, playerName } from "@common/game-limits.ts";
import type { Game } from "@common/games.ts";
import { Calendar, MapPin, Navigation, Trophy, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import { GameTime } from "@/components/game-time.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { formatDistance } from "./game-format.ts";

// A <dl> admits only <div>s of <dt>/<dd> pairs: the icon sits inside the term.
function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span aria-hidden="true" className="text-primary">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="pl-7 font-medium break-words">{children}</dd>
    </div>
  );
}

/** When, where, how full, what kind and who runs it (product §2 "Game detail"). */
export function GameFacts({ game }: { game: Game }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact icon={<Calendar className="size-5" />} term="When">
            <GameTime at={game.scheduledAt} timeZone={game.court.timeZone} style="full" />
          </Fact>
          <Fact icon={<MapPin className="size-5" />} term="Court">
            <span className="block">{game.court.name}</span>
            {game.court.address && (
              <span className="block text-sm font-normal text-muted-foreground">
                {game.court.address}
              </span>
            )}
          </Fact>
          <Fact icon={<Users className="size-5" />} term="Players">
            <span className="block">
              {game.currentPlayers} / {game.maxPlayers} Players
            </span>
            {/* Spots matter only while players can still join. */}
            {game.status === "open" && (
              <span className="block text-sm font-normal text-muted-foreground">
                {formatSpotsLeft(game.currentPlayers, game.maxPlayers)}
              </span>
            )}
          </Fact>
          <Fact icon={<Trophy className="size-5" />} term="Game type">
            {gameTypeLabel(game.gameType)}
          </Fact>
          <Fact icon={<User className="size-5" />} term="Organizer">
            {playerName(game.organizer)}
          </Fact>
          {game.distanceMiles !== null && (
            <Fact icon={<Navigation className="size-5" />} term="Distance">
              {formatDistance(game.distanceMiles)}
            </Fact>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
