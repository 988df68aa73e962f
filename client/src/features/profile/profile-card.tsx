import { LOCATION_NOT_SET, playerLocation } from "@common/player-location.ts";
import { Link } from "wouter";
import { PlayerAvatar } from "@/components/player-avatar.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useUserProfile, useUserStats } from "@/lib/profile-queries.ts";
import { ProfileCounters } from "./profile-counters.tsx";

type ProfileCardProps = { headingLevel?: "h2" | "h3" | "h4" };

/**
 * Spec §2 "Profile card": picture or a default, nickname, primary position, location (else
 * 'Location not set') and the Games / Courts / Bros counters, which come from
 * GET /api/user/stats (counted from real games) rather than stored totals.
 */
export function ProfileCard({ headingLevel: Heading = "h2" }: ProfileCardProps) {
  const { user } = useAuth();
  const profile = useUserProfile();
  const stats = useUserStats();

  if (profile.isPending) {
    return (
      <Card>
        <CardContent role="status" className="flex items-center gap-4 pt-6">
          <span className="sr-only">Loading profile...</span>
          <Skeleton className="size-16 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </CardContent>
      </Card>
    );
  }

  if (!profile.data) {
    return (
      <Card>
        <CardContent className="space-y-2 pt-6 text-center">
          <p className="font-medium">
            {profile.isError ? "Profile could not be loaded" : "Profile not found"}
          </p>
          {!profile.isError && (
            <Link href="/profile-setup" className="text-sm text-primary underline">
              Set up your profile
            </Link>
          )}
        </CardContent>
      </Card>
    );
  }

  const { nickname, primaryPosition, location } = profile.data;
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex items-center gap-4">
          <PlayerAvatar
            imageUrl={user?.profileImageUrl}
            initial={user?.firstName || user?.email || nickname}
          />
          <div className="min-w-0">
            <Heading className="truncate text-lg font-semibold">{nickname}</Heading>
            <p className="text-sm text-muted-foreground">{primaryPosition}</p>
            <p className="text-sm text-muted-foreground">
              {playerLocation({ area: location, city: user?.city, state: user?.state }) ??
                LOCATION_NOT_SET}
            </p>
          </div>
        </div>
        <ProfileCounters stats={stats.data} />
      </CardContent>
    </Card>
  );
}
