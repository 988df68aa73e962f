import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { GameDetail } from "@/features/games/game-detail.tsx";
import { GameNotFound } from "@/features/games/game-not-found.tsx";
import { parseRouteId } from "@/lib/route-id.ts";

export default function GameDetailPage() {
  const { id } = useParams<{ id: string }>();
  const gameId = parseRouteId(id);
  return (
    <Page>{gameId === null ? <GameNotFound /> : <GameDetail key={gameId} id={gameId} />}</Page>
  );
}
