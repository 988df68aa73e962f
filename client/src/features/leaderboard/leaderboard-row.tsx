import type { LeaderboardEntry } from "@common/leaderboard.ts";
import { PlayerAvatar } from "@/components/player-avatar.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/cn.ts";
import { LeaderboardStats } from "./leaderboard-stats.tsx";
import { RankMarker } from "./rank-marker.tsx";
import { type RankTier, rankTier } from "./rank-tier.ts";

const TIER_STYLES: Record<RankTier, string> = {
  top: "border-orange-300 bg-accent",
  mid: "bg-muted",
  rest: "bg-card",
};

type LeaderboardRowProps = { entry: LeaderboardEntry; isViewer: boolean };

/** One ranked player (product §2): rank, avatar, name, streak, where and what they play, numbers. */
export function LeaderboardRow({ entry, isViewer }: LeaderboardRowProps) {
  const tier = rankTier(entry.rank);
  const details = [entry.location, entry.primaryPosition].filter(Boolean).join(" · ");
  return (
    <li
      data-tier={tier}
      data-viewer={isViewer || undefined}
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 sm:flex-nowrap",
        TIER_STYLES[tier],
        isViewer && "ring-2 ring-primary",
      )}
    >
      <RankMarker rank={entry.rank} />
      <PlayerAvatar
        imageUrl={entry.profileImageUrl}
        initial={entry.nickname}
        className="size-10 text-base ring-2 ring-background"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="truncate font-semibold">{entry.nickname}</span>
          {isViewer && <span className="text-sm font-semibold text-primary">(You)</span>}
        </p>
        <p className="truncate text-sm text-muted-foreground">{details}</p>
        {entry.streak > 0 && (
          <Badge variant="outline" className="mt-1 bg-background">
            <span aria-hidden="true" className="mr-1">
              🔥
            </span>
            {entry.streak} win streak
          </Badge>
        )}
      </div>
      {/* On a phone the numbers take their own line, lined up under the name. */}
      <LeaderboardStats entry={entry} className="basis-full pl-25 sm:w-64 sm:basis-auto sm:pl-0" />
    </li>
  );
}
