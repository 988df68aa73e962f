import { GAME_NOT_FOUND, gameTitle } from "@common/game-limits.ts";
import { type ComponentProps, type ReactNode, Suspense, useEffect } from "react";
import { NotSavedOffline } from "@/components/not-saved-offline.tsx";
import { Button } from "@/components/ui/button.tsx";
import { HttpError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { OfflineError } from "@/lib/network-status.ts";
import { useOrganizes } from "@/lib/organizes.ts";
import { preloadable } from "@/lib/preloadable.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { useGame, useParticipants } from "../../lib/game-queries.ts";
import { GameActions } from "./game-actions.tsx";
import { GameFacts } from "./game-facts.tsx";
import { GameHeader } from "./game-header.tsx";
import { GameNotFound } from "./game-not-found.tsx";
import { gameViewer } from "./game-viewer.ts";
import type * as Organizer from "./organizer/organizer-tools.tsx";
import { ParticipantsList } from "./participants-list.tsx";
import type * as RatePlayers from "./rate-players-form.tsx";
import { ResultsCard } from "./results-card.tsx";
import type * as Thread from "./thread/game-thread.tsx";

// Only players and organizers see these, never on a visitor's first screen: their forms and
// schemas (zod) load when one is shown (issue 13).
const OrganizerTools = preloadable<ComponentProps<typeof Organizer.OrganizerTools>>(() =>
  import("./organizer/organizer-tools.tsx").then((m) => ({ default: m.OrganizerTools })),
);
const RatePlayersCard = preloadable<ComponentProps<typeof RatePlayers.RatePlayersCard>>(() =>
  import("./rate-players-form.tsx").then((m) => ({ default: m.RatePlayersCard })),
);
const GameThread = preloadable<ComponentProps<typeof Thread.GameThread>>(() =>
  import("./thread/game-thread.tsx").then((m) => ({ default: m.GameThread })),
);

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

type GameDetailProps = {
  id: number;
  children?: ReactNode;
  /** What other features put beside each chat message someone else wrote. */
  messageAction?: Thread.MessageAction;
  /** What other features put beside Share for signed-in players other than the organizer. */
  gameAction?: ReactNode;
};

/** The game page (product §2 "Game detail"): facts, actions, players, results and the game chat. */
export function GameDetail({ id, children, messageAction, gameAction }: GameDetailProps) {
  const game = useGame(id);
  const participants = useParticipants(id);
  const { user } = useAuth();
  const organizes = useOrganizes(game.data);
  // A player's page is never the server's first paint: load the thread's code as soon as a
  // player is signed in, so it is there the moment they take a seat. Loaded later, it asked
  // for the thread after a quick leave had already taken the seat away (a 403).
  useEffect(() => {
    if (user) void GameThread.preload().catch(() => {});
  }, [user]);
  useDocumentTitle(
    game.data ? gameTitle(game.data) : isNotFound(game.error) ? GAME_NOT_FOUND : "Game Details",
  );

  if (game.isPending) return <p role="status">Loading game details...</p>;
  if (game.isError) {
    if (isNotFound(game.error)) return <GameNotFound />;
    if (game.error instanceof OfflineError) return <NotSavedOffline />;
    return (
      <div role="alert" className="space-y-3">
        <h1 className="text-2xl font-bold">Could not load this game</h1>
        <p>Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void game.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const players = participants.data;
  const viewer = gameViewer(game.data, players, user?.id ?? null, organizes);
  const completed = game.data.status === "completed";
  const others = players?.filter((p) => p.userId !== viewer.userId) ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <GameHeader game={game.data} inGame={viewer.seat !== undefined} />
        <GameFacts game={game.data} />
        {/* What other features add under the facts (the page composes them). */}
        {children}
        <GameActions
          game={game.data}
          viewer={viewer}
          extra={viewer.userId !== null && !viewer.isOrganizer ? gameAction : undefined}
        />
        {viewer.isOrganizer && game.data.status === "open" && (
          <Suspense fallback={null}>
            <OrganizerTools game={game.data} />
          </Suspense>
        )}
        {(completed || (game.data.status === "active" && viewer.isOrganizer)) && (
          <ResultsCard game={game.data} participants={players} viewer={viewer} />
        )}
        {completed && viewer.seat && others.length > 0 && (
          <Suspense fallback={null}>
            <RatePlayersCard gameId={id} players={others} />
          </Suspense>
        )}
      </div>
      <div className="min-w-0 space-y-6">
        <ParticipantsList participants={players} isError={participants.isError} />
        {/* The thread is for the organizer and seated players; others see none (the API agrees). */}
        {viewer.seat && (
          <Suspense fallback={null}>
            <GameThread gameId={id} messageAction={messageAction} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
