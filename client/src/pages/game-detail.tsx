import { parseId } from "@common/id-parse.ts";
import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { GameDetail } from "@/features/games/game-detail.tsx";
import { GameNotFound } from "@/features/games/game-not-found.tsx";
import { RunLink } from "@/features/runs/run-link.tsx";

export default function GameDetailPage() {
  const { id } = useParams<{ id: string }>();
  const gameId = parseId(id);
  return (
    <Page>
      {gameId === null ? <GameNotFound /> : <GameDetail key={gameId} id={gameId} />}
      {gameId !== null && <RunLink gameId={gameId} />}
    </Page>
  );
}
