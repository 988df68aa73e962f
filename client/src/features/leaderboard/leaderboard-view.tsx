import type { LeaderboardTab } from "@common/leaderboard.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { LeaderboardList } from "./leaderboard-list.tsx";
import { useGlobalLeaderboard, useWeeklyLeaderboard } from "./leaderboard-queries.ts";
import { LocalLeaderboard } from "./local-leaderboard.tsx";
import { WEEKLY_RULE } from "./points-rule.ts";
import { useLeaderboardSearch } from "./use-leaderboard-search.ts";

/**
 * The Global, Local and Weekly tabs (product §2). Radix mounts only the shown panel, so each tab
 * asks for its own leaderboard the first time it is opened.
 */
export function LeaderboardView() {
  const { tab, place, setTab, setPlace } = useLeaderboardSearch();
  return (
    <Tabs value={tab} onValueChange={(next) => setTab(next as LeaderboardTab)}>
      <TabsList className="grid w-full grid-cols-3 sm:w-96">
        <TabsTrigger value="global">Global</TabsTrigger>
        <TabsTrigger value="local">Local</TabsTrigger>
        <TabsTrigger value="weekly">Weekly</TabsTrigger>
      </TabsList>
      <TabsContent value="global">
        <GlobalLeaderboard />
      </TabsContent>
      <TabsContent value="local">
        <LocalLeaderboard chosen={place} onChoose={setPlace} />
      </TabsContent>
      <TabsContent value="weekly" className="space-y-4">
        <p className="text-sm text-muted-foreground">{WEEKLY_RULE}</p>
        <WeeklyLeaderboard />
      </TabsContent>
    </Tabs>
  );
}

function GlobalLeaderboard() {
  return <LeaderboardList result={useGlobalLeaderboard()} label="Global leaderboard" />;
}

function WeeklyLeaderboard() {
  return <LeaderboardList result={useWeeklyLeaderboard()} label="Weekly leaderboard" />;
}
