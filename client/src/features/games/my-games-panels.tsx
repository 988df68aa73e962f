import type { Game } from "@common/games.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { useMyGames, useMyOrganizedGames } from "@/lib/game-queries.ts";
import { GameList, GamesError, GamesLoading } from "./game-list.tsx";

type GamesPanelProps = {
  query: UseQueryResult<Game[]>;
  label: string;
  empty: ReactNode;
  action: ReactNode;
};

function GamesPanel({ query, label, empty, action }: GamesPanelProps) {
  if (query.isPending) return <GamesLoading />;
  if (query.isError) return <GamesError onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <div className="space-y-3 rounded-lg border border-dashed p-6 text-center">
        <p className="font-semibold">{empty}</p>
        {action}
      </div>
    );
  }
  // Both lists hold only games the player has a seat in (an organizer keeps theirs).
  return <GameList games={query.data} label={label} inGame />;
}

/** The games the player holds a seat in, unfinished first (the server's order). */
export function YourGames({ onFindGames }: { onFindGames: () => void }) {
  return (
    <GamesPanel
      query={useMyGames()}
      label="Your games"
      empty="You haven't joined any games yet."
      action={<Button onClick={onFindGames}>Find Games</Button>}
    />
  );
}

/** The games the player organizes. */
export function OrganizedGames() {
  return (
    <GamesPanel
      query={useMyOrganizedGames()}
      label="Games you organize"
      empty="You don't organize any games yet."
      action={
        <Button asChild>
          <Link href="/games/create">Create Game</Link>
        </Button>
      }
    />
  );
}
