import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function GamesPage() {
  useDocumentTitle("Pickup Games");
  return (
    <Page>
      <PageHeader title="Pickup Games" description="Join a run near you." />
      <ComingSoonCard title="Games near you">
        Scheduled pickup games you can join, with spots left and the court.
      </ComingSoonCard>
    </Page>
  );
}
