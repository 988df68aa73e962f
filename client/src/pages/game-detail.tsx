import { playerName } from "@common/game-limits.ts";
import type { GameMessage } from "@common/games.ts";
import { parseId } from "@common/id-parse.ts";
import { lazy, Suspense } from "react";
import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { ShowingUpCard } from "@/features/attendance/showing-up-card.tsx";
import { GameDetail } from "@/features/games/game-detail.tsx";
import { GameNotFound } from "@/features/games/game-not-found.tsx";
import { GoNoGoPanel } from "@/features/go-no-go/go-no-go-panel.tsx";
import { LazyReportButton } from "@/features/reports/lazy-report-button.tsx";
import { RunLink } from "@/features/runs/run-link.tsx";
import { SeatOfferCard } from "@/features/seat-offers/seat-offer-card.tsx";
import { TeamsCard } from "@/features/teams/teams-card.tsx";
import { GameWeatherCard } from "@/features/weather/game-weather-card.tsx";

// The organizer's alone, never on a visitor's first screen: its form's schema (zod) loads later.
const RemovePlayers = lazy(() =>
  import("@/features/organizer-tools/remove-players.tsx").then((m) => ({
    default: m.RemovePlayers,
  })),
);

const reportMessage = (message: GameMessage) => (
  <LazyReportButton
    kind="message"
    targetId={String(message.id)}
    label={`message from ${playerName(message.sender)}`}
  />
);

export default function GameDetailPage() {
  const { id } = useParams<{ id: string }>();
  const gameId = parseId(id);
  return (
    <Page>
      {gameId === null ? (
        <GameNotFound />
      ) : (
        <div className="space-y-6">
          <GameDetail
            key={gameId}
            id={gameId}
            messageAction={reportMessage}
            gameAction={
              <LazyReportButton kind="game" targetId={String(gameId)} label="this game" />
            }
          >
            <SeatOfferCard gameId={gameId} />
            <GoNoGoPanel gameId={gameId} />
            <RunLink gameId={gameId} />
            <TeamsCard gameId={gameId} />
          </GameDetail>
          <GameWeatherCard key={`weather-${gameId}`} gameId={gameId} />
          <ShowingUpCard key={`showing-up-${gameId}`} gameId={gameId} />
          <Suspense fallback={null}>
            <RemovePlayers key={`remove-${gameId}`} gameId={gameId} />
          </Suspense>
        </div>
      )}
    </Page>
  );
}
