import { GoNoGoLine } from "@/components/go-no-go-line.tsx";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useGame } from "@/lib/game-queries.ts";
import { useSetGoNoGo } from "./use-set-go-no-go.ts";

/**
 * The game page's go/no-go: where it stands for everyone, and for the organizer, until the
 * decision, the "Play anyway" switch. It reads the game the page already holds (same query).
 */
export function GoNoGoPanel({ gameId }: { gameId: number }) {
  const game = useGame(gameId);
  const { user } = useAuth();
  const save = useSetGoNoGo(gameId);
  const goNoGo = game.data?.goNoGo;
  if (!game.data || !goNoGo) return null;
  const canChange =
    user?.id === game.data.organizerId && game.data.status === "open" && goNoGo.decision === null;
  return (
    <section aria-label="Go / no-go" className="space-y-1">
      <GoNoGoLine game={game.data} />
      {canChange && (
        <SwitchField
          label="Play anyway"
          description={`The game goes ahead even below ${goNoGo.minPlayers} players.`}
          checked={goNoGo.playAnyway}
          disabled={save.isPending}
          onCheckedChange={(playAnyway) =>
            save.mutate({
              minPlayers: goNoGo.minPlayers,
              decideBeforeMinutes: goNoGo.decideBeforeMinutes,
              playAnyway,
            })
          }
        />
      )}
    </section>
  );
}
