import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { useUserAchievements, useUserProfile, useUserStats } from "@/lib/profile-queries.ts";
import { BadgeGrid } from "./badges-panel.tsx";
import { PlayerStatsGrid } from "./player-stats-grid.tsx";
import { ProfileCounters } from "./profile-counters.tsx";
import { ProfileHeader } from "./profile-header.tsx";
import { RecentGamesList } from "./recent-games-list.tsx";
import { SkillsList } from "./skills-panel.tsx";

/**
 * /profile (product §2): header, the player's level (`level`, composed by the page), three
 * counters, and the Skills, Games, Badges and Stats tabs.
 */
export function ProfileView({ level }: { level?: ReactNode }) {
  const profile = useUserProfile();
  const stats = useUserStats();
  const badges = useUserAchievements();

  if (profile.isPending) return <p role="status">Loading profile...</p>;
  const saved = profile.data ?? null;

  return (
    <div className="space-y-6">
      <ProfileHeader profile={saved} />
      {level}
      <ProfileCounters stats={stats.data} labels="long" />
      <Tabs defaultValue="skills">
        <TabsList className="grid w-full grid-cols-4">
          <TabsTrigger value="skills">Skills</TabsTrigger>
          <TabsTrigger value="games">Games</TabsTrigger>
          <TabsTrigger value="badges">Badges</TabsTrigger>
          <TabsTrigger value="stats">Stats</TabsTrigger>
        </TabsList>
        <Card className="mt-4">
          <CardContent className="pt-6">
            <TabsContent value="skills" className="mt-0">
              {saved ? (
                <SkillsList profile={saved} />
              ) : (
                <p className="text-muted-foreground">
                  No skills rated yet.{" "}
                  <Link href="/profile-setup" className="text-primary underline">
                    Set up your profile
                  </Link>
                </p>
              )}
            </TabsContent>
            <TabsContent value="games" className="mt-0">
              <RecentGamesList />
            </TabsContent>
            <TabsContent value="badges" className="mt-0">
              <BadgeGrid badges={badges.data ?? []} />
            </TabsContent>
            <TabsContent value="stats" className="mt-0">
              <PlayerStatsGrid />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}
