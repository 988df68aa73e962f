import { PAGES } from "@common/pages.ts";
import { welcomeLine } from "@common/user.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { LiveCourtsPanel } from "@/features/checkins/live-courts-panel.tsx";
import { JourneyCard } from "@/features/dashboard/journey-card.tsx";
import { ProfileBanner } from "@/features/dashboard/profile-banner.tsx";
import { journeySteps } from "@/features/dashboard/profile-completion.ts";
import { QuickActions } from "@/features/dashboard/quick-actions.tsx";
import { RecentActivity } from "@/features/dashboard/recent-activity.tsx";
import { StatCards } from "@/features/dashboard/stat-cards.tsx";
import { UpcomingGames } from "@/features/dashboard/upcoming-games.tsx";
import { useMetrics } from "@/features/landing/metrics-query.ts";
import { ProfileCard } from "@/features/profile/profile-card.tsx";
import { SkillsPanel } from "@/features/profile/skills-panel.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useMyGames } from "@/lib/game-queries.ts";
import { useUserStats } from "@/lib/profile-queries.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** Spec §2 "Desktop dashboard": the page puts the features' widgets together. */
export default function DashboardPage() {
  useDocumentTitle(PAGES.dashboard.title);
  const { user } = useAuth();
  const metrics = useMetrics();
  const myGames = useMyGames();
  const stats = useUserStats();
  return (
    <Page>
      <PageHeader title="Dashboard" description={welcomeLine(user)} />
      <ProfileBanner hasProfile={user?.hasProfile ?? false} />
      <div className="space-y-6">
        <StatCards
          activeBros={metrics.isPending ? "loading" : metrics.data?.activeUsers}
          liveCourts={metrics.isPending ? "loading" : metrics.data?.totalCourts}
          yourGames={myGames.isPending ? "loading" : myGames.data?.length}
          gamesWon={stats.isPending ? "loading" : stats.data?.wins}
        />
        {/* minmax(0, …): a long game title truncates instead of widening the column. */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <UpcomingGames />
            <QuickActions />
            <RecentActivity />
          </div>
          <div className="space-y-6">
            <LiveCourtsPanel here={user} />
            <JourneyCard
              steps={journeySteps(user, {
                courtsVisited: stats.data?.courtsVisited,
                gamesPlayed: stats.data?.gamesPlayed,
                gamesHeld: myGames.data?.length,
              })}
            />
            <ProfileCard />
            <SkillsPanel />
          </div>
        </div>
      </div>
    </Page>
  );
}
