import { playerName } from "@common/game-limits.ts";
import type { Participant } from "@common/games.ts";
import { REMOVE_REASON_MAX, removePlayerInputSchema } from "@common/organizer-tools.ts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useGame, useParticipants } from "@/lib/game-queries.ts";
import { useOrganizes } from "@/lib/organizes.ts";
import { useRemovePlayer } from "./use-remove-player.ts";

function RemoveForm({
  gameId,
  player,
  onDone,
}: {
  gameId: number;
  player: Participant;
  onDone: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const removing = useRemovePlayer(gameId);
  const name = playerName(player.user);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rule, so the message is the one it would give.
    const input = removePlayerInputSchema.safeParse({ reason });
    if (!input.success) {
      setError(input.error.issues[0]?.message);
      return;
    }
    removing.mutate(
      { userId: player.userId, reason: input.data.reason },
      {
        onSuccess: () => {
          toast({ title: `${name} was removed and told why.` });
          onDone();
        },
        onError: (failure) => {
          const api = apiErrorOf(failure);
          setError(
            api?.errors?.reason ?? api?.message ?? "Could not remove the player. Try again.",
          );
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid w-full gap-2" noValidate>
      <FormField
        label={`Why remove ${name}?`}
        hint={`${name} is told this. Their seat goes to the first in line.`}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            value={reason}
            maxLength={REMOVE_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" variant="destructive" disabled={removing.isPending}>
          Remove {name}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Keep {name}
        </Button>
      </div>
    </form>
  );
}

/**
 * For the organizer of a game not yet started, or a co-organizer of its run: each seated player
 * with a Remove button that asks why (issue 32 point 9, decision 104). Nobody else sees it.
 */
export function RemovePlayers({ gameId }: { gameId: number }) {
  const { user } = useAuth();
  const game = useGame(gameId);
  const organizes = useOrganizes(game.data);
  const participants = useParticipants(gameId);
  const [removing, setRemoving] = useState<string | null>(null);
  if (!organizes || game.data?.status !== "open") return null;
  // Neither the organizer nor the co-organizer looking can be removed here.
  const players = (participants.data ?? []).filter((p) => !p.isOrganizer && p.userId !== user?.id);
  if (players.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Remove a player</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Players you can remove" className="divide-y">
          {players.map((player) => (
            <li key={player.userId} className="flex flex-wrap items-center gap-3 py-2">
              {removing === player.userId ? (
                <RemoveForm gameId={gameId} player={player} onDone={() => setRemoving(null)} />
              ) : (
                <>
                  <span className="font-medium">{playerName(player.user)}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    className="ml-auto"
                    onClick={() => setRemoving(player.userId)}
                  >
                    Remove {playerName(player.user)}…
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
