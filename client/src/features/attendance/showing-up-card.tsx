import type { ShowingUp } from "@common/attendance.ts";
import type { GoNoGo } from "@common/go-no-go-text.ts";
import { type Reliability, reliabilityLabel } from "@common/reliability.ts";
import { chanceAtLeast, chanceLabel, showProbability } from "@common/show-chance.ts";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useGame } from "@/lib/game-queries.ts";
import { showingUpQuery, useAttendanceAction } from "./showing-up-query.ts";

/** "Shows up: 18 of 19", or that the player has too few games for a figure yet. */
export function ReliabilityText({ record }: { record: Reliability }) {
  return (
    <span className="text-sm text-muted-foreground">
      {reliabilityLabel(record) ?? "New: fewer than 3 games"}
    </span>
  );
}

function Turnout({ data, goNoGo }: { data: ShowingUp; goNoGo: GoNoGo | null | undefined }) {
  // Until the decision: the chance that enough of those seated show to reach the minimum, from
  // the records already on the card. Once decided, the go/no-go line says what happened.
  const undecided = goNoGo?.decision === null ? goNoGo : null;
  return (
    <>
      {undecided && (
        <p>
          <span className="font-semibold">
            {chanceLabel(
              chanceAtLeast(
                data.seated.map((seat) => showProbability(seat.record)),
                undecided.minPlayers,
              ),
              "on",
            )}
          </span>
          <span className="text-muted-foreground"> · minimum {undecided.minPlayers} players</span>
        </p>
      )}
      <p>
        <span className="font-semibold">{chanceLabel(data.fullChance, "full")}</span>
        <span className="text-muted-foreground">
          {" "}
          · expected turnout {data.expectedTurnout} of {data.maxPlayers}
        </span>
      </p>
    </>
  );
}

/**
 * Who is coming and how reliably (issue 32 point 6–7): each seat and each place in line with
 * the player's record, the chance the game fills (and, until a go/no-go is decided, that it
 * reaches its minimum), and for its organizer, from the start, the
 * attendance: mark who came, then close it.
 */
export function ShowingUpCard({ gameId }: { gameId: number }) {
  const { user } = useAuth();
  const game = useGame(gameId);
  const query = useQuery({ ...showingUpQuery(gameId), enabled: Boolean(user) });
  const action = useAttendanceAction(gameId);
  if (!user || !query.data || game.data?.status === "cancelled") return null;
  const data = query.data;
  const organizer = game.data?.organizerId === user.id;
  const marking = organizer && data.attendance.open;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Showing up</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {game.data?.status === "open" && <Turnout data={data} goNoGo={game.data.goNoGo} />}
        {data.minReliability !== null && (
          <p className="text-sm">
            Players here show up at least {data.minReliability}% of the time.
          </p>
        )}
        <ul aria-label="Seated players" className="divide-y">
          {data.seated.map((seat) => (
            <li key={seat.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium">{seat.name}</span>
              <ReliabilityText record={seat.record} />
              {seat.present && <Badge>Present</Badge>}
              {marking && !seat.present && (
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  disabled={action.isPending}
                  onClick={() => action.mutate({ mark: seat.userId })}
                >
                  Mark {seat.name} present
                </Button>
              )}
            </li>
          ))}
        </ul>
        {data.line.length > 0 && (
          <>
            <h3 className="font-semibold">Waiting line</h3>
            <ol aria-label="Waiting line" className="divide-y">
              {data.line.map((place) => (
                <li key={place.userId} className="flex flex-wrap items-center gap-x-3 py-2">
                  <span className="font-medium">{place.name}</span>
                  <ReliabilityText record={place.record} />
                </li>
              ))}
            </ol>
          </>
        )}
        {marking && (
          <div className="space-y-2 border-t pt-4">
            <p className="text-sm text-muted-foreground">
              Players who check in here are marked by themselves. When you close attendance, every
              seat not marked present counts as a no-show (it closes by itself 48 hours after the
              start).
            </p>
            <Button disabled={action.isPending} onClick={() => action.mutate("close")}>
              Close attendance
            </Button>
          </div>
        )}
        {organizer && data.attendance.closed && (
          <p className="text-sm text-muted-foreground">Attendance is closed.</p>
        )}
      </CardContent>
    </Card>
  );
}
