import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { lazyDialog } from "@/components/ui/lazy-dialog.tsx";

// Radix's dialog and its focus trap load when the organizer first asks (issue 13).
const CancelGameDialog = lazyDialog(
  () => import("./cancel-game-dialog.tsx").then((m) => m.CancelGameDialog),
  (props) => props.open,
);

/** The organizer calls the game off; it cannot be undone, so it asks first. */
export function CancelGameButton({ gameId }: { gameId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="destructive"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Cancel Game
      </Button>
      <CancelGameDialog gameId={gameId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
