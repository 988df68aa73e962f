import { parseId } from "@common/id-parse.ts";
import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { ShowingUpCard } from "@/features/attendance/showing-up-card.tsx";
import { GameDetail } from "@/features/games/game-detail.tsx";
import { GameNotFound } from "@/features/games/game-not-found.tsx";

export default function GameDetailPage() {
  const { id } = useParams<{ id: string }>();
  const gameId = parseId(id);
  return (
    <Page>
      {gameId === null ? (
        <GameNotFound />
      ) : (
        <div className="space-y-6">
          <GameDetail key={gameId} id={gameId} />
          <ShowingUpCard key={`showing-up-${gameId}`} gameId={gameId} />
        </div>
      )}
    </Page>
  );
}
