import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function HomePage() {
  useDocumentTitle("Home");
  return (
    <Page>
      <PageHeader title="Home" description="Discover courts, games and bros around you." />
      <ComingSoonCard title="Your home screen">
        Tabs for discovering courts and players, your games, training and your profile.
      </ComingSoonCard>
    </Page>
  );
}
