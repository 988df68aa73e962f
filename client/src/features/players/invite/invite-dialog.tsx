import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { GameTime } from "@/components/game-time.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { apiErrorOf } from "@/lib/api.ts";
import { useInvitableGames, useInvitePlayer } from "./invite-queries.ts";

type InviteDialogProps = {
  playerId: string;
  playerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the invite went out (or the player had been asked already). */
  onInvited: () => void;
};

/**
 * Picks one of the caller's upcoming games with room (they hold a spot in it) and invites the
 * player to it. Without such a game it says so and points to the games list.
 */
export function InviteDialog({
  playerId,
  playerName,
  open,
  onOpenChange,
  onInvited,
}: InviteDialogProps) {
  const id = useId();
  const games = useInvitableGames(playerId, open);
  const invite = useInvitePlayer(playerId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const choices = games.data ?? [];
  const selected = chosen ?? choices.find((g) => !g.alreadyInvited)?.id ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (selected === null) return;
    setError(undefined);
    invite.mutate(selected, {
      onSuccess: () => {
        onOpenChange(false);
        onInvited();
      },
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send the invite. Please try again."),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite {playerName}</DialogTitle>
            <DialogDescription>Pick one of your upcoming games with open spots.</DialogDescription>
          </DialogHeader>
          {games.isPending ? (
            <p role="status">Loading your games...</p>
          ) : games.isError ? (
            <p role="alert">Could not load your games. Please try again.</p>
          ) : choices.length === 0 ? (
            <p>
              You have no upcoming game with open spots to invite {playerName} to.{" "}
              <Link href="/games" className="font-medium underline">
                Find a game
              </Link>{" "}
              or create one first.
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="sr-only">Game</legend>
              {choices.map((game) => (
                <label
                  key={game.id}
                  className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name={`${id}-game`}
                    value={game.id}
                    checked={selected === game.id}
                    disabled={game.alreadyInvited}
                    onChange={() => setChosen(game.id)}
                    className="mt-1"
                  />
                  <span className="grid">
                    <span className="font-medium">{game.title}</span>
                    <span className="text-sm text-muted-foreground">
                      <GameTime at={game.scheduledAt} timeZone={game.timeZone} /> · {game.courtName}{" "}
                      · {game.currentPlayers}/{game.maxPlayers}
                      {game.alreadyInvited ? " · Invited already" : ""}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={invite.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending || selected === null}>
              {invite.isPending ? "Sending..." : "Send Invite"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
