import { PAGES } from "@common/pages.ts";
import { useState } from "react";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { CourtFinder } from "@/features/checkins/court-finder.tsx";
import { GamesTab } from "@/features/games/games-tab.tsx";
import { DiscoverTab } from "@/features/home/discover-tab.tsx";
import { HomeScreen, type HomeTab } from "@/features/home/home-screen.tsx";
import { ProfileTab } from "@/features/home/profile-tab.tsx";
import { TrainingTab } from "@/features/home/training-tab.tsx";
import { NotificationBell } from "@/features/notifications/notification-bell.tsx";
import { NearbyPlayersPreview } from "@/features/players/nearby-players-preview.tsx";
import { useNearbyPlayers } from "@/features/players/nearby-players-query.ts";
import { BadgesPanel } from "@/features/profile/badges-panel.tsx";
import { ProfileCard } from "@/features/profile/profile-card.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useMyGames } from "@/lib/game-queries.ts";
import { useUserStats } from "@/lib/profile-queries.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** Spec §2 "Mobile-style home screen": the page hands each tab what it shows. */
export default function HomePage() {
  useDocumentTitle(PAGES.home.title);
  const { user } = useAuth();
  const [tab, setTab] = useState<HomeTab>("discover");
  const nearby = useNearbyPlayers();
  const games = useMyGames();
  const stats = useUserStats();
  const hasLocation = user?.latitude != null && user.longitude != null;
  return (
    <Page className="max-w-2xl">
      <div className="flex items-start justify-between gap-4">
        <PageHeader title="Home" description={`What's good, ${user?.firstName || "Bro"}?`} />
        <NotificationBell variant="labelled" />
      </div>
      <HomeScreen
        tab={tab}
        onTabChange={setTab}
        discover={
          <DiscoverTab
            user={user}
            lookingToBall={nearby.data?.filter((p) => p.isAvailable).length}
            courts={<CourtFinder here={user} />}
            players={<NearbyPlayersPreview hasLocation={hasLocation} />}
          />
        }
        games={
          <GamesTab
            games={games.data}
            gamesFailed={games.isError}
            stats={stats.data}
            onFindGames={() => setTab("discover")}
          />
        }
        training={<TrainingTab />}
        profile={
          <ProfileTab
            summary={
              <>
                <ProfileCard />
                <BadgesPanel />
              </>
            }
          />
        }
      />
    </Page>
  );
}
