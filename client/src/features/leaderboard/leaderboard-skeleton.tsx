import { LEADERBOARD_SKELETON_ROWS } from "@common/leaderboard.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";

const ROWS = Array.from({ length: LEADERBOARD_SKELETON_ROWS }, (_, index) => index);

/** Spec §9: five placeholder rows shaped like the real ones while a leaderboard loads. */
export function LeaderboardSkeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading leaderboard...</span>
      {ROWS.map((row) => (
        <div key={row} data-skeleton-row className="flex items-center gap-3 rounded-lg border p-3">
          <Skeleton className="h-6 w-9" />
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48 max-w-full" />
          </div>
          <Skeleton className="hidden h-8 w-64 sm:block" />
        </div>
      ))}
    </div>
  );
}
