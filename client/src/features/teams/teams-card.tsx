import {
  chancesText,
  TEAMS_MAX_PLAYERS,
  TEAMS_MIN_PLAYERS,
  TEAMS_TOO_FEW,
  TEAMS_TOO_MANY,
} from "@common/team-limits.ts";
import { Shuffle } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useGameTeams } from "@/lib/teams-queries.ts";
import { KeepMeWith } from "./keep-me-with.tsx";
import { TeamList } from "./team-list.tsx";
import { useTeamsChange } from "./use-teams-actions.ts";

/**
 * "Teams" on a game's page (issue 33 point 3, decision 111), for its organizer and seated
 * players: the teams with levels and chances, one tap to make or rebalance them, the
 * organizer's switch letting players do it, and whom the caller wants to play with.
 */
export function TeamsCard({ gameId }: { gameId: number }) {
  const { user } = useAuth();
  const { teams, seated, game, participants } = useGameTeams(gameId);
  const change = useTeamsChange(gameId);
  if (!teams.data || !game || game.status === "cancelled") return null;
  const data = teams.data;
  const over = game.status === "completed";
  const made = data.teams.length > 0;
  const [a, b] = data.teams;
  const others = participants?.filter((p) => p.userId !== user?.id) ?? [];
  const seatsFit = data.seats >= TEAMS_MIN_PLAYERS && data.seats <= TEAMS_MAX_PLAYERS;

  return (
    <Card>
      <section aria-label="Teams">
        <CardHeader>
          <CardTitle as="h2">Teams</CardTitle>
          {made && a?.chance != null && b?.chance != null && (
            <p className="font-medium">{chancesText(a.chance, b.chance)}</p>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {data.outOfDate && (
            <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {data.outOfDate}
            </p>
          )}
          {made ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {data.teams.map((team) => (
                <TeamList key={team.team} team={team} />
              ))}
            </div>
          ) : (
            <p className="text-muted-foreground">
              {data.canMake ? "No teams yet." : "No teams yet: the organizer makes them."}
            </p>
          )}
          {data.canMake && !over && (
            <div className="flex flex-wrap items-center gap-3">
              {seatsFit ? (
                <Button disabled={change.isPending} onClick={() => change.mutate({ kind: "make" })}>
                  <Shuffle aria-hidden="true" className="size-4" />
                  {made ? "Rebalance" : "Make teams"}
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">
                  {data.seats < TEAMS_MIN_PLAYERS ? TEAMS_TOO_FEW : TEAMS_TOO_MANY}
                </p>
              )}
            </div>
          )}
          {data.canChangeSettings && !over && (
            <SwitchField
              label="Players can make teams"
              description="Seated players can make and rebalance the teams too."
              checked={data.playersMakeTeams}
              disabled={change.isPending}
              onCheckedChange={(on) => change.mutate({ kind: "settings", playersMakeTeams: on })}
            />
          )}
          {seated && !over && others.length > 0 && (
            <KeepMeWith
              players={others}
              partnerId={data.partnerId}
              disabled={change.isPending}
              onChange={(partnerId) => change.mutate({ kind: "together", partnerId })}
            />
          )}
        </CardContent>
      </section>
    </Card>
  );
}
