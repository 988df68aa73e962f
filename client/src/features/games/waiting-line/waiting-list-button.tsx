import type { Game } from "@common/games.ts";
import { placeInLine } from "@common/ordinal.ts";
import { Button } from "@/components/ui/button.tsx";
import { useGameLine, useLineAction } from "./game-line-query.ts";

/**
 * A full game's waiting list for a signed-in player without a spot: 'Join Waiting List', or
 * their place ('2nd in line') and 'Leave Waiting List'. When a spot frees, the first in line
 * takes it on the server and this page updates live.
 */
export function WaitingListButton({ game }: { game: Game }) {
  const line = useGameLine(game.id, true);
  const join = useLineAction(game.id, "join");
  const leave = useLineAction(game.id, "leave");
  const pending = join.isPending || leave.isPending;
  if (line.isPending) return <Button disabled>Game Full</Button>;
  const position = line.data?.position ?? null;
  if (position !== null) {
    return (
      <>
        <p className="font-semibold" role="status">
          {placeInLine(position)}
        </p>
        <Button variant="outline" disabled={pending} onClick={() => leave.mutate()}>
          {leave.isPending ? "Leaving..." : "Leave Waiting List"}
        </Button>
      </>
    );
  }
  const waiting = line.data?.waiting ?? 0;
  return (
    <>
      <Button disabled={pending} onClick={() => join.mutate()}>
        {join.isPending ? "Joining..." : "Join Waiting List"}
      </Button>
      <p className="text-sm text-muted-foreground">
        Game Full{waiting > 0 ? ` · ${waiting} waiting` : ""}
      </p>
    </>
  );
}
