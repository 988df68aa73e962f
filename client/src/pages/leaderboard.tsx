import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function LeaderboardPage() {
  useDocumentTitle("Leaderboard");
  return (
    <Page>
      <PageHeader title="Leaderboard" description="See who runs the courts." />
      <ComingSoonCard title="Rankings">
        Global, local and weekly rankings of players by points, games and win rate.
      </ComingSoonCard>
    </Page>
  );
}
