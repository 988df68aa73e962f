import { Ban } from "lucide-react";
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
import { useBlockAction } from "./blocks-query.ts";

/**
 * Block a player, after saying what it does (decision 114). The player is not told; the block is
 * lifted from Settings.
 */
export function BlockButton({ playerId, playerName }: { playerId: string; playerName: string }) {
  const [open, setOpen] = useState(false);
  const act = useBlockAction();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          className="text-muted-foreground"
          aria-label={`Block ${playerName}`}
        >
          <Ban aria-hidden="true" />
          Block
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Block {playerName}?</DialogTitle>
          <DialogDescription>
            You won't see each other among nearby players or in game threads, neither of you can
            invite the other or send a friend request, and if you are friends that ends. They are
            not told. You can unblock them in Settings.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={act.isPending}
            onClick={() => act.mutate({ block: playerId }, { onSuccess: () => setOpen(false) })}
          >
            {act.isPending ? "Blocking..." : `Block ${playerName}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
