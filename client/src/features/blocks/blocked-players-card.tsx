import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { blockedPlayersQuery, useBlockAction } from "./blocks-query.ts";

/** Settings: the players the caller blocked, each with Unblock. */
export function BlockedPlayersCard() {
  const { data, isError } = useQuery(blockedPlayersQuery());
  const act = useBlockAction();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Blocked players</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert">Could not load the players you blocked. Please try again.</p>
        ) : !data ? (
          <p role="status">Loading...</p>
        ) : data.length === 0 ? (
          <p className="text-muted-foreground">
            You haven't blocked anyone. Block a player from their card on the players page.
          </p>
        ) : (
          <ul aria-label="Players you blocked" className="divide-y">
            {data.map((player) => (
              <li key={player.id} className="flex items-center gap-3 py-2">
                <span className="min-w-0 flex-1 truncate font-medium">{player.nickname}</span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={act.isPending}
                  aria-label={`Unblock ${player.nickname}`}
                  onClick={() => act.mutate({ unblock: player.id })}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
