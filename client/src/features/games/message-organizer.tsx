import { type Game, ORGANIZER_NOT_TAKING_MESSAGES, playerName } from "@common/games.ts";
import { MessageSquare } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { signIn } from "@/features/auth/auth-navigation.ts";
import { MessageOrganizerDialog } from "./message-organizer-dialog.tsx";

type MessageOrganizerProps = { game: Game; signedIn: boolean };

/** 'Message Organizer' (spec §2 gives it no action; we deliver the message on the game page). */
export function MessageOrganizer({ game, signedIn }: MessageOrganizerProps) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const taking = game.organizer.acceptsMessages;
  return (
    <>
      <Button
        variant="outline"
        disabled={!taking}
        aria-describedby={taking ? undefined : noteId}
        onClick={() => (signedIn ? setOpen(true) : signIn())}
      >
        <MessageSquare aria-hidden="true" />
        Message Organizer
      </Button>
      {!taking && (
        <p id={noteId} className="basis-full text-sm text-muted-foreground">
          {ORGANIZER_NOT_TAKING_MESSAGES}
        </p>
      )}
      {signedIn && (
        <MessageOrganizerDialog
          gameId={game.id}
          organizerName={playerName(game.organizer)}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </>
  );
}
