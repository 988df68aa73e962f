import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { GameDetail } from "@/features/games/game-detail.tsx";
import { GameNotFound } from "@/features/games/game-not-found.tsx";

// The API's own rule for a game id: digits only, within PostgreSQL's integer.
const parseGameId = (id: string | undefined) =>
  id && /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;

export default function GameDetailPage() {
  const { id } = useParams<{ id: string }>();
  const gameId = parseGameId(id);
  return (
    <Page>{gameId === null ? <GameNotFound /> : <GameDetail key={gameId} id={gameId} />}</Page>
  );
}
