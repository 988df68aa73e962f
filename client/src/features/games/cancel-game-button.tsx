import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { useGameAction } from "./use-game-actions.ts";

/** The organizer calls the game off; it cannot be undone, so it asks first. */
export function CancelGameButton({ gameId }: { gameId: number }) {
  const [open, setOpen] = useState(false);
  const cancel = useGameAction(gameId, "cancel");
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive">Cancel Game</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this game?</DialogTitle>
          <DialogDescription>
            Your players will see that it is called off. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={cancel.isPending} onClick={() => setOpen(false)}>
            Keep Game
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel Game"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
