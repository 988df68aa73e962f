import { NO_COURT_SELECTED } from "@common/checkins.ts";
import type { Court } from "@common/courts.ts";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { activePlayersPill } from "@/lib/court-labels.ts";
import { useCheckIn } from "./use-check-in.ts";

type CheckInDialogProps = {
  /** The selected court; without one the dialog says 'No court selected' (product §5). */
  court: Court | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Spec §2/§4 "Check into Court": idle, pending ('Checking In...', both buttons disabled), then
 * success (toast, closes) or error (destructive toast, stays open).
 */
export function CheckInDialog({ court, open, onOpenChange }: CheckInDialogProps) {
  const checkIn = useCheckIn(() => onOpenChange(false));
  const pending = checkIn.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the check-in is on its way the dialog stays: its outcome decides.
        if (!pending) onOpenChange(next);
        if (!next) checkIn.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Check into Court</DialogTitle>
          <DialogDescription>
            {court
              ? `Let the bros know you're at ${court.name}. Your check-in ends when you check in elsewhere or after 3 hours.`
              : "Choose a court first."}
          </DialogDescription>
        </DialogHeader>
        {court ? (
          <p className="text-sm">
            <span className="font-semibold">{court.name}</span>
            {court.address && <span className="block text-muted-foreground">{court.address}</span>}
            <span className="block text-muted-foreground">
              {activePlayersPill(court.activePlayers)}
            </span>
          </p>
        ) : (
          <p role="alert" className="text-sm font-medium text-destructive">
            {NO_COURT_SELECTED}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={pending || !court} onClick={() => court && checkIn.mutate(court.id)}>
            {pending ? "Checking In..." : "Check In"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
