import type { Game, Participant } from "@common/games.ts";
import { CircleCheck } from "lucide-react";
import { type ComponentProps, Suspense, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { preloadable } from "@/lib/preloadable.ts";
import type { GameViewer } from "./game-viewer.ts";
import type * as RecordResult from "./record-result-form.tsx";
import { ResultScore, XpEarned } from "./result-score.tsx";

// Only the organizer records a result: the form and its schema load when it is shown (issue 13).
const RecordResultForm = preloadable<ComponentProps<typeof RecordResult.RecordResultForm>>(() =>
  import("./record-result-form.tsx").then((m) => ({ default: m.RecordResultForm })),
);

type ResultsCardProps = {
  game: Game;
  participants: Participant[] | undefined;
  viewer: GameViewer;
};

/**
 * 'Game Results' of a completed game (product §2), with the real score once recorded. The
 * organizer records it, also during the game (which ends it early), and may correct it.
 */
export function ResultsCard({ game, participants, viewer }: ResultsCardProps) {
  const [editing, setEditing] = useState(false);
  const completed = game.status === "completed";
  const canRecord = viewer.isOrganizer && (completed || game.status === "active");
  const formShown = canRecord && (editing || (completed && game.result === null));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Game Results</CardTitle>
        {completed ? (
          <p className="flex items-center gap-2 font-medium text-green-800">
            <CircleCheck aria-hidden="true" className="size-5" />
            Game completed successfully!
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            The game is on. Recording the result ends it now.
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {game.result && <ResultScore result={game.result} />}
        {completed && viewer.seat && (
          <XpEarned team={viewer.seat.team} winningTeam={game.result?.winningTeam} />
        )}
        {completed && game.result === null && !viewer.isOrganizer && (
          <p className="text-muted-foreground">Waiting for the organizer to record the result.</p>
        )}
        {formShown && participants ? (
          <Suspense fallback={null}>
            <RecordResultForm
              game={game}
              participants={participants}
              onSaved={() => setEditing(false)}
              onCancel={editing ? () => setEditing(false) : undefined}
            />
          </Suspense>
        ) : (
          canRecord &&
          !formShown && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {game.result ? "Edit Result" : "Record Result"}
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}
