import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { useGameAction } from "./use-game-actions.ts";

type CancelGameDialogProps = { gameId: number; open: boolean; onClose: () => void };

/** Asks before the organizer calls the game off: it cannot be undone. */
export function CancelGameDialog({ gameId, open, onClose }: CancelGameDialogProps) {
  const cancel = useGameAction(gameId, "cancel");
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !cancel.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this game?</DialogTitle>
          <DialogDescription>
            Your players will see that it is called off. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={cancel.isPending} onClick={onClose}>
            Keep Game
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: onClose })}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel Game"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
