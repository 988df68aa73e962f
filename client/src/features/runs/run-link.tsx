import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { gameQuery } from "@/lib/game-queries.ts";
import { RepeatWeekly } from "./repeat-weekly.tsx";

/**
 * On a game page (the game's own query, already fetched): the run this game is a date of; for
 * the organizer of an open game outside any run, the way to repeat it weekly.
 */
export function RunLink({ gameId }: { gameId: number }) {
  const game = useQuery(gameQuery(gameId));
  const { user } = useAuth();
  if (!game.data) return null;
  if (game.data.runId !== null) {
    return (
      <p>
        <Link href={`/runs/${game.data.runId}`}>A date of a weekly run: see all its dates</Link>
      </p>
    );
  }
  if (game.data.status !== "open" || !user || user.id !== game.data.organizerId) return null;
  return <RepeatWeekly game={game.data} />;
}
