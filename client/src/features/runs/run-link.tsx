import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { gameQuery } from "@/lib/game-queries.ts";

/** On a game page: the run this game is a date of (the game's own query, already fetched). */
export function RunLink({ gameId }: { gameId: number }) {
  const game = useQuery(gameQuery(gameId));
  const runId = game.data?.runId ?? null;
  if (runId === null) return null;
  return (
    <p>
      <Link href={`/runs/${runId}`}>A date of a weekly run: see all its dates</Link>
    </p>
  );
}
