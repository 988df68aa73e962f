import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function PlayersPage() {
  useDocumentTitle("Connect with Bros");
  return (
    <Page>
      <PageHeader title="Connect with Bros" description="Find players of your level nearby." />
      <ComingSoonCard title="Players near you">
        Nearby players with their positions and whether they are available to hoop.
      </ComingSoonCard>
    </Page>
  );
}
