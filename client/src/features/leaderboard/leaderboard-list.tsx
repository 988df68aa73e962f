import type { LeaderboardEntry } from "@common/leaderboard.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { LeaderboardRow } from "./leaderboard-row.tsx";
import { LeaderboardSkeleton } from "./leaderboard-skeleton.tsx";

type LeaderboardListProps = {
  result: UseQueryResult<LeaderboardEntry[]>;
  /** Names the list for screen readers, e.g. "Global leaderboard". */
  label: string;
};

/** One leaderboard in its loading, failed, empty or filled state. */
export function LeaderboardList({ result, label }: LeaderboardListProps) {
  const { user } = useAuth();
  if (result.isPending) return <LeaderboardSkeleton />;
  if (result.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 py-6">
        <p className="text-muted-foreground">The leaderboard could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => result.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (result.data.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">No players found</p>;
  }
  return (
    <ol aria-label={label} className="space-y-2">
      {result.data.map((entry) => (
        <LeaderboardRow key={entry.id} entry={entry} isViewer={entry.id === user?.id} />
      ))}
    </ol>
  );
}
