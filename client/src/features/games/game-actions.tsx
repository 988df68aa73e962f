import type { Game } from "@common/games.ts";
import { CalendarPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { CancelGameButton } from "./cancel-game-button.tsx";
import type { GameViewer } from "./game-viewer.ts";
import { JoinLeaveButton } from "./join-leave-button.tsx";
import { ShareGame } from "./share-game.tsx";
import { usePromotionNotice } from "./waiting-line/use-promotion-notice.ts";

type GameActionsProps = {
  game: Game;
  viewer: GameViewer;
  /** Last in the row, after Share: what the page adds (Report). */
  extra?: ReactNode;
};

/**
 * Spec §4: Join or Leave only while the game is open and only for others than the organizer,
 * who may cancel it instead (as may a co-organizer of its run, who may also play). A signed-in
 * viewer's buttons wait until their seat is known.
 * Message Organizer is for a game still to be played or being played, not one that is over.
 */
export function GameActions({ game, viewer, extra }: GameActionsProps) {
  const open = game.status === "open";
  const upcoming = open || game.status === "active";
  usePromotionNotice(game.id, viewer);
  return (
    <section aria-label="Game actions" className="flex flex-wrap items-center gap-3">
      {open && !viewer.isOrganizer && viewer.isKnown && (
        <JoinLeaveButton game={game} viewer={viewer} />
      )}
      {open && viewer.organizes && <CancelGameButton gameId={game.id} />}
      {upcoming && (
        <Button variant="outline" asChild>
          <a href={`/api/games/${game.id}/calendar.ics`} download={`game-${game.id}.ics`}>
            <CalendarPlus aria-hidden="true" />
            Add to Calendar
          </a>
        </Button>
      )}
      <ShareGame game={game} />
      {extra}
    </section>
  );
}
