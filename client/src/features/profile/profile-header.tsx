import { LOCATION_NOT_SET, playerLocation } from "@common/player-location.ts";
import type { Profile } from "@common/user.ts";
import { MapPin, Pencil } from "lucide-react";
import { Link } from "wouter";
import { PlayerAvatar } from "@/components/player-avatar.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";

/**
 * Spec §2 header with its fallbacks: the initial of the first name or e-mail, the nickname
 * else the first name else 'Baller', 'Location not set', 'Position not set'. The spec's Edit
 * has no action; ours opens /profile-setup, where the profile is edited.
 */
export function ProfileHeader({ profile }: { profile: Profile | null }) {
  const { user } = useAuth();
  const name = profile?.nickname || user?.firstName || "Baller";
  return (
    <header className="flex flex-wrap items-center gap-4">
      <PlayerAvatar
        imageUrl={user?.profileImageUrl}
        initial={user?.firstName || user?.email || name}
        className="size-16 md:size-20"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-words md:text-3xl">{name}</h1>
        <p className="flex items-center gap-1 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4" />
          {playerLocation({ area: profile?.location, city: user?.city, state: user?.state }) ??
            LOCATION_NOT_SET}
        </p>
        <p className="text-muted-foreground">{profile?.primaryPosition || "Position not set"}</p>
      </div>
      <Button variant="outline" asChild>
        <Link href="/profile-setup">
          <Pencil aria-hidden="true" />
          Edit
        </Link>
      </Button>
    </header>
  );
}
