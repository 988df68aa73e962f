import { gameTitle } from "@common/game-limits.ts";
import type { Game } from "@common/games.ts";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";

async function shareGame(game: Game) {
  const title = gameTitle(game);
  const url = `${window.location.origin}/game/${game.id}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The player closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
      // Otherwise (not allowed here, say) copying the link still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied", description: url });
  } catch {
    toast({ variant: "destructive", title: "Could not copy the link", description: url });
  }
}

/** The system share sheet where there is one, else the link copied to the clipboard. */
export function ShareGame({ game }: { game: Game }) {
  return (
    <Button variant="outline" onClick={() => void shareGame(game)}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
