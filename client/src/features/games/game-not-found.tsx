import { GAME_NOT_FOUND } from "@common/game-limits.ts";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** Spec §2: 'Game not found' with Go Back (to the games list when there is nothing to go back to). */
export function GameNotFound() {
  useDocumentTitle(GAME_NOT_FOUND);
  const [, navigate] = useLocation();
  // A link opened in a new tab has a history of one page: back would leave the app.
  const goBack = () => (window.history.length > 1 ? window.history.back() : navigate("/games"));
  return (
    <div className="mx-auto max-w-md space-y-4 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{GAME_NOT_FOUND}</h1>
      <p className="text-muted-foreground">
        It may have been removed, or the link may be mistyped.
      </p>
      <Button onClick={goBack}>Go Back</Button>
    </div>
  );
}
