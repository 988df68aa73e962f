import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { LeaderboardView } from "@/features/leaderboard/leaderboard-view.tsx";
import { POINTS_RULE } from "@/features/leaderboard/points-rule.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function LeaderboardPage() {
  useDocumentTitle(PAGES.leaderboard.title);
  return (
    <Page>
      <PageHeader title="Leaderboard" description={POINTS_RULE} />
      <LeaderboardView />
    </Page>
  );
}
