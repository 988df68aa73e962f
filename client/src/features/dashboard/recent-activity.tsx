import { dateFormat } from "@common/zoned-time.ts";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useMyGames } from "@/lib/game-queries.ts";
import { useUserAchievements } from "@/lib/profile-queries.ts";
import { activityFeed } from "./activity-feed.ts";

const when = () => dateFormat({ month: "short", day: "numeric" });

/** Spec §2's Recent Activity, filled with the player's real games played and badges earned. */
export function RecentActivity() {
  const games = useMyGames();
  const badges = useUserAchievements();
  const loading = games.isPending || badges.isPending;
  const feed = activityFeed(games.data, badges.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading activity...</p>
        ) : feed.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Your games and badges will show up here once you play.
          </p>
        ) : (
          <ul aria-label="Recent activity" className="divide-y">
            {feed.map((item) => (
              <li key={item.key} className="flex items-baseline justify-between gap-3 py-2">
                <div className="min-w-0">
                  {item.href ? (
                    <Link href={item.href} className="font-medium hover:underline">
                      {item.text}
                    </Link>
                  ) : (
                    <p className="font-medium">{item.text}</p>
                  )}
                  {item.detail && (
                    <p className="truncate text-sm text-muted-foreground">{item.detail}</p>
                  )}
                </div>
                <time dateTime={item.at} className="shrink-0 text-sm text-muted-foreground">
                  {when().format(new Date(item.at))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
