import type { Game } from "@common/games.ts";
import { Button } from "@/components/ui/button.tsx";
import { signIn } from "@/lib/auth/auth-navigation.ts";
import type { GameViewer } from "./game-viewer.ts";
import { useGameAction } from "./use-game-actions.ts";
import { WaitingListButton } from "./waiting-line/waiting-list-button.tsx";

type JoinLeaveButtonProps = { game: Game; viewer: GameViewer };

/**
 * Spec §4: a player with a seat may leave; anyone else may join while there is room. A full
 * game offers a signed-in player its waiting list instead of spec's disabled 'Game Full'.
 */
export function JoinLeaveButton({ game, viewer }: JoinLeaveButtonProps) {
  const join = useGameAction(game.id, "join");
  const leave = useGameAction(game.id, "leave");
  const pending = join.isPending || leave.isPending;

  if (viewer.seat) {
    return (
      <Button variant="outline" disabled={pending} onClick={() => leave.mutate()}>
        {leave.isPending ? "Leaving..." : "Leave Game"}
      </Button>
    );
  }
  const full = game.currentPlayers >= game.maxPlayers;
  if (full && viewer.userId !== null) return <WaitingListButton game={game} />;
  return (
    <Button
      disabled={full || pending}
      onClick={() => (viewer.userId === null ? signIn() : join.mutate())}
    >
      {full ? "Game Full" : join.isPending ? "Joining..." : "Join Game"}
    </Button>
  );
}
